#pragma once
// Confirmations of purchase reports (docs/API.md "Confirmations"): a signed-in user's
// answer, the counts the store sheet and the timeline show, and the reporters' standings
// on the admin users page.
#include "api/api_call.hpp"
#include "pokeca/contributions/confirmation_service.hpp"

namespace pokeca::http {

class ConfirmationHandlers {
 public:
  explicit ConfirmationHandlers(ConfirmationService& confirmations) : confirmations_(confirmations) {}
  [[nodiscard]] ApiResult put_confirmation(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_confirmations(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_reporter_standings(const ApiCall& call) const;

 private:
  ConfirmationService& confirmations_;
};

}  // namespace pokeca::http
