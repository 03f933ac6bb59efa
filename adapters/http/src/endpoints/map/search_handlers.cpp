#include "endpoints/map/search_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca::http {

namespace json = boost::json;

ApiResult SearchHandlers::get_stores_search(const ApiCall& call) const {
  // lat/lng: where the user is looking (the map's centre); the stores are ranked by distance from it.
  auto near = parse_search_near(find_param(call.query, "lat"), find_param(call.query, "lng"));
  if (!near) return std::unexpected(near.error());
  auto found = search_.search(find_param(call.query, "q"), find_param(call.query, "limit"), *near);
  if (!found) return std::unexpected(found.error());
  json::array stores;
  for (const auto& s : found->stores) stores.push_back(store_json(s));
  json::array places;
  for (const auto& p : found->places) {
    const auto* pref = find_prefecture(p.prefecture_code);
    places.push_back(json::object{{"name", json::string(p.name)},
                                  {"prefecture", json::string(p.prefecture_code)},
                                  {"prefecture_name", json::string(pref ? pref->name : std::string_view{})},
                                  {"lat", p.centre.lat},
                                  {"lng", p.centre.lng}});
  }
  return success_body({{"stores", std::move(stores)}, {"places", std::move(places)}});
}

}  // namespace pokeca::http
