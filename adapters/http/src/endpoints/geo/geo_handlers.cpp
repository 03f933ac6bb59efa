#include "endpoints/geo/geo_handlers.hpp"

#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {

ApiResult GeoHandlers::get_geo_ip(const ApiCall& call) const {
  const auto found = locator_.locate(call.client.ip);
  if (!found) return fail(ErrorCode::kNotFound, msg::kIpLocationUnknown);
  return success_body(
      {{"location", boost::json::object{
                        {"lat", found->point.lat}, {"lng", found->point.lng}, {"accuracy_km", found->accuracy_km}}}});
}

}  // namespace pokeca::http
