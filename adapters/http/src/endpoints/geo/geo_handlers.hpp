#pragma once
// GET /api/v1/geo/ip: the caller's approximate position from the operator's IP database
// (PRODUCT §6's fallback after the browser's geolocation). Never cached: per caller.
#include "api/api_call.hpp"
#include "pokeca/map/ip_location.hpp"

namespace pokeca::http {

class GeoHandlers {
 public:
  explicit GeoHandlers(const IpLocator& locator) : locator_(locator) {}

  [[nodiscard]] ApiResult get_geo_ip(const ApiCall& call) const;

 private:
  const IpLocator& locator_;
};

}  // namespace pokeca::http
