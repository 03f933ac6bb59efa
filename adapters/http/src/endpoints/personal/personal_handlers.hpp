#pragma once
// The personal endpoints (docs/API.md "Personal"): favourites, store search,
// my stats, and the one-click unsubscribe of the favourite-store alert mails.
#include "api/api_call.hpp"
#include "pokeca/favorite_alerts.hpp"
#include "pokeca/favorites.hpp"
#include "pokeca/store_search.hpp"
#include "pokeca/user_stats.hpp"

namespace pokeca::http {

class FavoriteHandlers {
 public:
  explicit FavoriteHandlers(FavoriteService& favorites) : favorites_(favorites) {}
  [[nodiscard]] ApiResult get_favorites(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_favorites(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_favorite(const ApiCall& call) const;

 private:
  FavoriteService& favorites_;
};

class SearchHandlers {
 public:
  explicit SearchHandlers(StoreSearchService& search) : search_(search) {}
  [[nodiscard]] ApiResult get_stores_search(const ApiCall& call) const;

 private:
  StoreSearchService& search_;
};

class StatsHandlers {
 public:
  explicit StatsHandlers(UserStatsService& stats) : stats_(stats) {}
  [[nodiscard]] ApiResult get_users_stats(const ApiCall& call) const;

 private:
  UserStatsService& stats_;
};

class AlertHandlers {
 public:
  explicit AlertHandlers(FavoriteAlerts& alerts) : alerts_(alerts) {}
  [[nodiscard]] ApiResult post_alerts_unsubscribe(const ApiCall& call) const;

 private:
  FavoriteAlerts& alerts_;
};

}  // namespace pokeca::http
