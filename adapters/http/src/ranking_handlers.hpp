#pragma once
// GET /users/ranking: the public contributors' ranking (docs/API.md, issue 4).
#include "api_handlers.hpp"

namespace pokeca::http {

[[nodiscard]] ApiResult get_users_ranking(const ApiCall& call);

}  // namespace pokeca::http
