#pragma once
// The pure request → response function: API routes (thin handlers over StoreService),
// static files of the built frontend, the JSON error envelope and security headers.
// Tests call handle() directly, without a socket.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "pokeca/http/request_handler.hpp"
#include "pokeca/store_service.hpp"

namespace pokeca::http {

struct RouterConfig {
  std::filesystem::path static_dir;  // the built frontend (index.html, assets/); empty = none
  std::string tile_url = "https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png";
  std::string tile_attribution =
      "<a href=\"https://maps.gsi.go.jp/development/ichiran.html\" target=\"_blank\" "
      "rel=\"noopener\">地理院タイル</a>";
  int tile_max_zoom = 18;
  std::string contact_url;
  std::optional<std::string> analytics_id;  // third-party tag id; off by default
  // Asked on each /config call (it can change once demo data is loaded); may be empty.
  std::function<bool()> demo_data;
};

class Router final : public RequestHandler {
 public:
  // `service` must outlive the router.
  Router(StoreService& service, RouterConfig config);
  ~Router() override;
  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;

  [[nodiscard]] Response handle(const Request& request) const override;
  [[nodiscard]] Response error_response(Status status, std::string_view code,
                                        std::string_view message) const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pokeca::http
