#pragma once
// SavedTripRepository over PostgreSQL: saved_routes and their ordered saved_route_stops
// (migration 007); a trip goes with its account's withdrawal (a trigger).
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgSavedTripRepository final : public SavedTripRepository {
 public:
  explicit PgSavedTripRepository(Database& db);  // throws StorageError
  ~PgSavedTripRepository() override;

  Result<std::vector<SavedTrip>> list_for_user(UserId user) override;
  Result<std::optional<SavedTrip>> find_for_user(UserId user, SavedTripId id) override;
  Result<std::optional<SavedTrip>> find_shared(std::string_view share_id) override;
  Result<std::optional<SavedTrip>> insert(const SavedTrip& trip, std::size_t max_per_user) override;
  Result<bool> update(const SavedTrip& trip) override;
  Result<bool> remove(UserId user, SavedTripId id) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
