#pragma once
// SavedRouteRepository over SQLite: saved_routes and their ordered saved_route_stops
// (migration 004).
#include "pokeca/saved_route.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteSavedRouteRepository final : public SavedRouteRepository {
 public:
  explicit SqliteSavedRouteRepository(Database& db);  // throws StorageError
  ~SqliteSavedRouteRepository() override;

  Result<std::vector<SavedRoute>> list_for_user(UserId user) override;
  Result<std::optional<SavedRoute>> find_for_user(UserId user, SavedRouteId id) override;
  Result<std::optional<SavedRoute>> find_shared(std::string_view share_id) override;
  Result<std::optional<SavedRoute>> insert(const SavedRoute& route, std::size_t max_per_user) override;
  Result<bool> update(const SavedRoute& route) override;
  Result<bool> remove(UserId user, SavedRouteId id) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
