#include "pokeca/accounts/auth_ports.hpp"

namespace pokeca {

std::string_view to_string(ActionPurpose purpose) {
  switch (purpose) {
    case ActionPurpose::kVerifyEmail: return "verify_email";
    case ActionPurpose::kResetPassword: return "reset_password";
  }
  return "verify_email";
}

std::optional<ActionPurpose> action_purpose_from(std::string_view text) {
  if (text == "verify_email") return ActionPurpose::kVerifyEmail;
  if (text == "reset_password") return ActionPurpose::kResetPassword;
  return std::nullopt;
}

}  // namespace pokeca
