#pragma once
// The flow tests' server: a router over the given services behind a real HttpServer on an
// ephemeral loopback port, its access log silenced (unless the config sets a sink), stopped
// when it goes.
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>

#include "pokeca/http/http_server.hpp"
#include "pokeca/http/router.hpp"

namespace pokeca::testing {

class LoopbackServer {
 public:
  explicit LoopbackServer(const http::ApiServices& services, http::RouterConfig router_config = {},
                          http::HttpServerConfig config = {})
      : router_(services, std::move(router_config)) {
    config.port = 0;
    if (!config.access_log) config.access_log = [](std::string_view) {};  // silent unless a test listens
    server_ = std::make_unique<http::HttpServer>(router_, std::move(config));
    server_->start();
  }
  ~LoopbackServer() { server_->stop(); }
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;

  [[nodiscard]] std::uint16_t port() const { return server_->port(); }
  [[nodiscard]] const http::Router& router() const { return router_; }

 private:
  http::Router router_;
  std::unique_ptr<http::HttpServer> server_;
};

}  // namespace pokeca::testing
