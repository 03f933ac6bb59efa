#pragma once
// SavedTripRepository over SQLite: saved_routes and their ordered saved_route_stops
// (migration 004).
#include "pokeca/personal/saved_trip.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteSavedTripRepository final : public SavedTripRepository {
 public:
  explicit SqliteSavedTripRepository(Database& db);  // throws StorageError
  ~SqliteSavedTripRepository() override;

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

}  // namespace pokeca::storage
