#pragma once
// The personal endpoints (issue 9, docs/API.md "Personal"): favourites, store search,
// my stats, and the one-click unsubscribe of the favourite-store alert mails.
#include "api_handlers.hpp"

namespace pokeca::http {

[[nodiscard]] ApiResult get_favorites(const ApiCall& call);
[[nodiscard]] ApiResult post_favorites(const ApiCall& call);
[[nodiscard]] ApiResult delete_favorite(const ApiCall& call);
[[nodiscard]] ApiResult get_stores_search(const ApiCall& call);
[[nodiscard]] ApiResult get_users_stats(const ApiCall& call);
[[nodiscard]] ApiResult post_alerts_unsubscribe(const ApiCall& call);

}  // namespace pokeca::http
