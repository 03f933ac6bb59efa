#pragma once
// The thin handlers of docs/API.md's purchase reports: read the JSON body or the path,
// call PurchaseService, answer with the contract's shapes.
#include "api_handlers.hpp"

namespace pokeca::http {

[[nodiscard]] ApiResult post_purchases(const ApiCall& call);
[[nodiscard]] ApiResult delete_admin_purchase(const ApiCall& call);

}  // namespace pokeca::http
