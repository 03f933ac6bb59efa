#pragma once
// Web Push (docs/API.md "Push"): the server's VAPID public key, the signed-in user's
// devices (list, add, remove, send a test) and the alert channel switches.
#include "api/api_call.hpp"
#include "pokeca/personal/push_subscriptions.hpp"

namespace pokeca::http {

class PushHandlers {
 public:
  explicit PushHandlers(PushService& push) : push_(push) {}
  [[nodiscard]] ApiResult get_push_public_key(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_push_subscriptions(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_push_subscriptions(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_push_subscription(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_push_subscription_test(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_push_settings(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_push_settings(const ApiCall& call) const;

 private:
  PushService& push_;
};

}  // namespace pokeca::http
