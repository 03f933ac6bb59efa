#include "pokeca/storage/sqlite/sqlite_saved_trip_repository.hpp"

#include <map>
#include <string>

#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace {

constexpr const char* kRouteColumns =
    "id, user_id, name, start_lat, start_lng, return_to_start, total_m, share_id, created_at, updated_at";

SavedTrip trip_from(const Row& row) {
  SavedTrip r;
  r.id = row.int64(0);
  r.user_id = row.int64(1);
  r.name = std::string(row.text(2));
  if (!row.is_null(3)) r.start = LatLng{row.real(3), row.real(4)};
  r.return_to_start = row.int64(5) != 0;
  r.total_m = row.real(6);
  if (!row.is_null(7)) r.share_id = std::string(row.text(7));
  r.created_at = row.int64(8);
  r.updated_at = row.int64(9);
  return r;
}

std::string select_trips(const std::string& where) {
  return "SELECT " + std::string(kRouteColumns) + " FROM saved_routes " + where;
}

}  // namespace

struct SqliteSavedTripRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        list(c, select_trips("WHERE user_id = :user ORDER BY updated_at DESC, id DESC")),
        list_stops(c,
                   "SELECT s.route_id, s.store_id FROM saved_route_stops AS s JOIN saved_routes AS r"
                   " ON r.id = s.route_id WHERE r.user_id = :user ORDER BY s.route_id, s.position"),
        find(c, select_trips("WHERE id = :id AND user_id = :user")),
        find_shared(c, select_trips("WHERE share_id = :share")),
        stops(c, "SELECT store_id FROM saved_route_stops WHERE route_id = :id ORDER BY position"),
        count(c, "SELECT count(*) FROM saved_routes WHERE user_id = :user"),
        insert(c,
               "INSERT INTO saved_routes (user_id, name, start_lat, start_lng, return_to_start, total_m, share_id,"
               " created_at, updated_at) VALUES (:user, :name, :lat, :lng, :back, :total, :share, :created,"
               " :updated) RETURNING id"),
        insert_stop(c, "INSERT INTO saved_route_stops (route_id, position, store_id) VALUES (:id, :pos, :store)"),
        update(c,
               "UPDATE saved_routes SET name = :name, start_lat = :lat, start_lng = :lng, return_to_start = :back,"
               " total_m = :total, share_id = :share, updated_at = :updated WHERE id = :id AND user_id = :user"
               " RETURNING id"),
        delete_stops(c, "DELETE FROM saved_route_stops WHERE route_id = :id"),
        remove(c, "DELETE FROM saved_routes WHERE id = :id AND user_id = :user RETURNING id") {}

  Connection& conn;
  Statement list;
  Statement list_stops;
  Statement find;
  Statement find_shared;
  Statement stops;
  Statement count;
  Statement insert;
  Statement insert_stop;
  Statement update;
  Statement delete_stops;
  Statement remove;
};

namespace {

using Statements = SqliteSavedTripRepository::Statements;

// The trip a statement selects (bound by the caller), with its stops.
Result<std::optional<SavedTrip>> one_trip(Statements& st, Statement& select) {
  std::optional<SavedTrip> found;
  if (auto ok = select.each([&](const Row& row) { found = trip_from(row); }); !ok) return std::unexpected(ok.error());
  if (!found) return found;
  auto ok = st.stops.bind_int(":id", found->id).each([&](const Row& row) { found->store_ids.push_back(row.int64(0)); });
  if (!ok) return std::unexpected(ok.error());
  return found;
}

Statement& bind_fields(Statement& s, const SavedTrip& r) {
  s.bind_int(":user", r.user_id).bind_text(":name", r.name);
  if (r.start)
    s.bind_real(":lat", r.start->lat).bind_real(":lng", r.start->lng);
  else
    s.bind_null(":lat").bind_null(":lng");
  s.bind_int(":back", r.return_to_start ? 1 : 0).bind_real(":total", r.total_m);
  if (r.share_id)
    s.bind_text(":share", *r.share_id);
  else
    s.bind_null(":share");
  return s.bind_int(":updated", r.updated_at);
}

Result<void> write_stops(Statements& st, SavedTripId id, const std::vector<StoreId>& store_ids) {
  for (std::size_t k = 0; k < store_ids.size(); ++k) {
    auto ok = st.insert_stop.bind_int(":id", id)
                  .bind_int(":pos", static_cast<std::int64_t>(k))
                  .bind_int(":store", store_ids[k])
                  .run();
    if (!ok) return ok;
  }
  return {};
}

}  // namespace

SqliteSavedTripRepository::SqliteSavedTripRepository(Database& db) : statements_(db, "saved_trips") {}
SqliteSavedTripRepository::~SqliteSavedTripRepository() = default;

Result<std::vector<SavedTrip>> SqliteSavedTripRepository::list_for_user(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SavedTrip>> {
    // One snapshot for the trips and their stops.
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    std::vector<SavedTrip> trips;
    if (auto ok = st.list.bind_int(":user", user).each([&](const Row& row) { trips.push_back(trip_from(row)); }); !ok)
      return std::unexpected(ok.error());
    std::map<SavedTripId, SavedTrip*> by_id;
    for (auto& r : trips) by_id[r.id] = &r;
    auto ok = st.list_stops.bind_int(":user", user).each([&](const Row& row) {
      if (const auto it = by_id.find(row.int64(0)); it != by_id.end()) it->second->store_ids.push_back(row.int64(1));
    });
    if (!ok) return std::unexpected(ok.error());
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return trips;
  });
}

Result<std::optional<SavedTrip>> SqliteSavedTripRepository::find_for_user(UserId user, SavedTripId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<SavedTrip>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    auto found = one_trip(st, st.find.bind_int(":id", id).bind_int(":user", user));
    if (!found) return found;
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return found;
  });
}

Result<std::optional<SavedTrip>> SqliteSavedTripRepository::find_shared(std::string_view share_id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<SavedTrip>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    auto found = one_trip(st, st.find_shared.bind_text(":share", share_id));
    if (!found) return found;
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return found;
  });
}

Result<std::optional<SavedTrip>> SqliteSavedTripRepository::insert(const SavedTrip& trip, std::size_t max_per_user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<SavedTrip>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::int64_t owned = 0;
    if (auto ok = st.count.bind_int(":user", trip.user_id).each([&](const Row& row) { owned = row.int64(0); }); !ok)
      return std::unexpected(ok.error());
    if (owned >= static_cast<std::int64_t>(max_per_user)) return std::optional<SavedTrip>{};
    SavedTrip stored = trip;
    auto ok = bind_fields(st.insert, trip).bind_int(":created", trip.created_at).each([&](const Row& row) {
      stored.id = row.int64(0);
    });
    if (!ok) return std::unexpected(ok.error());
    if (auto written = write_stops(st, stored.id, trip.store_ids); !written) return std::unexpected(written.error());
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return std::optional<SavedTrip>(std::move(stored));
  });
}

Result<bool> SqliteSavedTripRepository::update(const SavedTrip& trip) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    bool touched = false;
    auto ok = bind_fields(st.update, trip).bind_int(":id", trip.id).each([&](const Row&) { touched = true; });
    if (!ok) return std::unexpected(ok.error());
    if (!touched) return false;
    if (auto cleared = st.delete_stops.bind_int(":id", trip.id).run(); !cleared)
      return std::unexpected(cleared.error());
    if (auto written = write_stops(st, trip.id, trip.store_ids); !written) return std::unexpected(written.error());
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return true;
  });
}

Result<bool> SqliteSavedTripRepository::remove(UserId user, SavedTripId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool touched = false;
    auto ok = st.remove.bind_int(":id", id).bind_int(":user", user).each([&](const Row&) { touched = true; });
    if (!ok) return std::unexpected(ok.error());
    return touched;
  });
}

}  // namespace pokeca::storage
