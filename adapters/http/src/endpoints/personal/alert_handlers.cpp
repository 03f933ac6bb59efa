#include "endpoints/personal/alert_handlers.hpp"

#include "api/api_body.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {

ApiResult AlertHandlers::post_alerts_unsubscribe(const ApiCall& call) const {
  // The token is in the URL (List-Unsubscribe); the body, if any, is RFC 8058's
  // "List-Unsubscribe=One-Click" form and carries nothing else.
  if (auto ok = alerts_.unsubscribe(find_param(call.query, "token").value_or("")); !ok)
    return std::unexpected(ok.error());
  return message_body(msg::kUnsubscribed);
}

}  // namespace pokeca::http
