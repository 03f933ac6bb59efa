#pragma once
// POST /alerts/unsubscribe (docs/API.md "Personal"): the one-click unsubscribe of the
// favourite-store alert mails.
#include "api/api_call.hpp"
#include "pokeca/personal/favorite_alerts.hpp"

namespace pokeca::http {

class AlertHandlers {
 public:
  explicit AlertHandlers(FavoriteAlerts& alerts) : alerts_(alerts) {}
  [[nodiscard]] ApiResult post_alerts_unsubscribe(const ApiCall& call) const;

 private:
  FavoriteAlerts& alerts_;
};

}  // namespace pokeca::http
