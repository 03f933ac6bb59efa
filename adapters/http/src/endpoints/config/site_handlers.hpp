#pragma once
// What the frontend reads at start: GET /config (tiles, contact, analytics, demo flag)
// and GET /initial_data (the caller's account, the store types). No service: the
// site's configuration (SiteConfig) and core's tables.
#include "api/api_call.hpp"
#include "pokeca/http/site_config.hpp"

#include <boost/json/object.hpp>

namespace pokeca::http {

// GET /config's data; also inlined into the HTML pages (site_pages.hpp).
[[nodiscard]] boost::json::object site_config_json(const SiteConfig& config);

class SiteHandlers {
 public:
  explicit SiteHandlers(const SiteConfig& config) : config_(config) {}

  [[nodiscard]] ApiResult get_config(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_initial_data(const ApiCall& call) const;

 private:
  const SiteConfig& config_;
};

}  // namespace pokeca::http
