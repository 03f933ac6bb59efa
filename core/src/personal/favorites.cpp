#include "pokeca/personal/favorites.hpp"

#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {

Result<FavoriteAdded> FavoriteService::add(const User& user, std::int64_t store_id) {
  if (store_id <= 0) return fail(ErrorCode::kBadRequest, msg::kFavoriteBadStoreId);
  auto added = favorites_.add(user.id, store_id, clock_.now(), kMaxFavoritesPerUser);
  if (!added) return added;
  switch (added->outcome) {
    case FavoriteAddOutcome::kNoSuchStore: return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
    case FavoriteAddOutcome::kLimitReached:
      return fail(ErrorCode::kConflict,
                  fill_placeholder(msg::kFavoritesLimit, "{max}", std::to_string(kMaxFavoritesPerUser)),
                  kFavoritesLimitCode);
    case FavoriteAddOutcome::kAdded:
    case FavoriteAddOutcome::kAlreadyFavorite: break;
  }
  return added;
}

Result<void> FavoriteService::remove(const User& user, std::int64_t store_id) {
  if (store_id <= 0) return fail(ErrorCode::kBadRequest, msg::kFavoriteBadStoreId);
  return favorites_.remove(user.id, store_id);
}

Result<std::vector<Favorite>> FavoriteService::list(const User& user) {
  return favorites_.list(user.id, kMaxFavoritesPerUser);
}

}  // namespace pokeca
