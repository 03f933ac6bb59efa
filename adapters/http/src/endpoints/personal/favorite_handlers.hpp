#pragma once
// The favourites (docs/API.md "Personal"): list, add and remove the caller's favourite stores.
#include "api/api_call.hpp"
#include "pokeca/personal/favorites.hpp"

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

}  // namespace pokeca::http
