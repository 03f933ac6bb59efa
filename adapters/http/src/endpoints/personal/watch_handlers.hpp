#pragma once
// Area watches (docs/API.md "Personal"): GET/POST /watches, PUT/DELETE /watches/{id},
// PUT /watch_settings (quiet hours), and the one-click POST /watches/off?token=.
#include "api/api_call.hpp"
#include "pokeca/personal/watch_alerts.hpp"

namespace pokeca::http {

class WatchHandlers {
 public:
  explicit WatchHandlers(WatchService& watches) : watches_(watches) {}
  [[nodiscard]] ApiResult get_watches(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_watches(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_watch(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_watch(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_watch_settings(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_watches_off(const ApiCall& call) const;

 private:
  WatchService& watches_;
};

}  // namespace pokeca::http
