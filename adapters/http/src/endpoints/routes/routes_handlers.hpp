#pragma once
// Routes: POST /routes/plan, the signed-in user's /saved_routes and the
// public GET /shared_routes/{share_id} (docs/API.md "Routes").
#include "api/api_call.hpp"
#include "pokeca/route_service.hpp"

namespace pokeca::http {

class RouteHandlers {
 public:
  explicit RouteHandlers(RouteService& routes) : routes_(routes) {}

  [[nodiscard]] ApiResult post_routes_plan(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_saved_routes(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_saved_routes(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_saved_route(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_saved_route(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_saved_route(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_shared_route(const ApiCall& call) const;

 private:
  RouteService& routes_;
};

}  // namespace pokeca::http
