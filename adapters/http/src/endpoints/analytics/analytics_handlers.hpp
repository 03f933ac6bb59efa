#pragma once
// POST /analytics/events (a page view; public, its own per-IP limit, 204)
// and GET /admin/analytics (the dashboard's numbers, admin only).
#include "api/api_call.hpp"
#include "pokeca/analytics/analytics.hpp"

namespace pokeca::http {

class AnalyticsHandlers {
 public:
  explicit AnalyticsHandlers(AnalyticsService& analytics) : analytics_(analytics) {}

  [[nodiscard]] ApiResult post_analytics_events(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_analytics(const ApiCall& call) const;

 private:
  AnalyticsService& analytics_;
};

}  // namespace pokeca::http
