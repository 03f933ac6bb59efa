#pragma once
// Favourite stores (PRODUCT.md §4): a signed-in user keeps up to
// kMaxFavoritesPerUser stores; adding and removing are idempotent. A store an admin
// hides or closes stays in the list with its status.
#include <cstdint>
#include <string>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kMaxFavoritesPerUser = 500;
// The machine code of the 409 past kMaxFavoritesPerUser.
inline constexpr std::string_view kFavoritesLimitCode = "favorites_limit";

struct Favorite {
  Store store;  // any status
  UnixSeconds created_at = 0;
};

enum class FavoriteAddOutcome { kAdded, kAlreadyFavorite, kNoSuchStore, kLimitReached };

struct FavoriteAdded {
  FavoriteAddOutcome outcome = FavoriteAddOutcome::kAdded;
  StoreId store_id = 0;
  UnixSeconds created_at = 0;  // kAlreadyFavorite: when it was added the first time
  [[nodiscard]] bool added() const { return outcome == FavoriteAddOutcome::kAdded; }
};

// A user to alert about a report at one of their favourite stores.
struct AlertRecipient {
  UserId user_id = 0;
  std::string email;
};

class FavoriteRepository {
 public:
  virtual ~FavoriteRepository() = default;
  // One transaction: kNoSuchStore when no active store has the id; an existing
  // favourite is answered as it is; kLimitReached when the user already has
  // `max_per_user` (nothing written then).
  virtual Result<FavoriteAdded> add(UserId user, StoreId store, UnixSeconds at, int max_per_user) = 0;
  virtual Result<void> remove(UserId user, StoreId store) = 0;
  // Newest first, at most `limit`, with each store as it is now (any status).
  virtual Result<std::vector<Favorite>> list(UserId user, int limit) = 0;
  virtual Result<std::int64_t> count(UserId user) = 0;
  // Accounts that have the store as a favourite, alerts on, a verified e-mail, are
  // neither blocked nor withdrawn, and are not `except`.
  virtual Result<std::vector<AlertRecipient>> alert_recipients(StoreId store, UserId except) = 0;
};

class FavoriteService {
 public:
  FavoriteService(FavoriteRepository& favorites, const Clock& clock) : favorites_(favorites), clock_(clock) {}

  // kAdded or kAlreadyFavorite. kBadRequest for an id that is not positive, kNotFound
  // for no active store, kConflict (kFavoritesLimitCode) past kMaxFavoritesPerUser.
  Result<FavoriteAdded> add(const User& user, std::int64_t store_id);
  Result<void> remove(const User& user, std::int64_t store_id);
  Result<std::vector<Favorite>> list(const User& user);

 private:
  FavoriteRepository& favorites_;
  const Clock& clock_;
};

}  // namespace pokeca
