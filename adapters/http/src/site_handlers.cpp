#include "site_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api_body.hpp"
#include "json_mapping.hpp"
#include "pokeca/store_types.hpp"

namespace pokeca::http {

namespace json = boost::json;

ApiResult SiteHandlers::get_config(const ApiCall&) const {
  const auto& c = config_;
  json::object data;
  data["tile_url"] = c.tile_url;
  data["tile_attribution"] = c.tile_attribution;
  data["tile_max_zoom"] = c.tile_max_zoom;
  data["contact_url"] = c.contact_url;
  data["analytics_id"] = c.analytics_id ? json::value(*c.analytics_id) : json::value(nullptr);
  data["demo_data"] = c.demo_data ? c.demo_data() : false;
  return data_body(std::move(data));
}

ApiResult SiteHandlers::get_initial_data(const ApiCall& call) const {
  json::array types;
  for (const auto& t : all_store_types()) types.push_back(store_type_json(t));
  // The account when a valid bearer token came along, else null.
  json::value user = call.user ? json::value(user_json(*call.user)) : json::value(nullptr);
  return data_body(json::object{{"user", std::move(user)}, {"store_types", std::move(types)}});
}

}  // namespace pokeca::http
