#pragma once
// Trips: POST /routes/plan, the signed-in user's /saved_routes and the
// public GET /shared_routes/{share_id} (docs/API.md "Routes").
#include "api/api_call.hpp"
#include "pokeca/personal/trip_service.hpp"

namespace pokeca::http {

class TripHandlers {
 public:
  explicit TripHandlers(TripService& trips) : routes_(trips) {}

  [[nodiscard]] ApiResult post_trips_plan(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_saved_trips(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_saved_trips(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_saved_trip(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_saved_trip(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_saved_trip(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_shared_trip(const ApiCall& call) const;

 private:
  TripService& routes_;
};

}  // namespace pokeca::http
