#include "pokeca/storage/postgres/pg_saved_trip_repository.hpp"

#include <map>
#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/store_rows.hpp"  // float_text

namespace pokeca::storage::postgres {
namespace {

constexpr std::string_view kRouteColumns =
    "id, user_id, name, start_lat, start_lng, return_to_start, total_m, share_id, created_at, updated_at";

SavedTrip trip_from(const Rows& rows, int i) {
  SavedTrip r;
  r.id = rows.int64(i, 0);
  r.user_id = rows.int64(i, 1);
  r.name = std::string(rows.text(i, 2));
  if (!rows.is_null(i, 3)) r.start = LatLng{rows.real(i, 3), rows.real(i, 4)};
  r.return_to_start = rows.boolean(i, 5);
  r.total_m = rows.real(i, 6);
  if (!rows.is_null(i, 7)) r.share_id = std::string(rows.text(i, 7));
  r.created_at = rows.int64(i, 8);
  r.updated_at = rows.int64(i, 9);
  return r;
}

std::string select_trips(const std::string& where) {
  return "SELECT " + std::string(kRouteColumns) + " FROM saved_routes " + where;
}

// $1 user, $2 name, $3 lat, $4 lng, $5 back, $6 total, $7 share, $8 updated.
std::vector<Param> field_params(const SavedTrip& r) {
  return {Param(r.user_id),
          Param(r.name),
          r.start ? Param(float_text(r.start->lat)) : Param::null(),
          r.start ? Param(float_text(r.start->lng)) : Param::null(),
          Param(r.return_to_start),
          Param(float_text(r.total_m)),
          r.share_id ? Param(*r.share_id) : Param::null(),
          Param(r.updated_at)};
}

}  // namespace

struct PgSavedTripRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        list(c, select_trips("WHERE user_id = $1 ORDER BY updated_at DESC, id DESC")),
        list_stops(c,
                   "SELECT s.route_id, s.store_id FROM saved_route_stops AS s JOIN saved_routes AS r"
                   " ON r.id = s.route_id WHERE r.user_id = $1 ORDER BY s.route_id, s.position"),
        find(c, select_trips("WHERE id = $1 AND user_id = $2")),
        find_shared(c, select_trips("WHERE share_id = $1")),
        stops(c, "SELECT store_id FROM saved_route_stops WHERE route_id = $1 ORDER BY position"),
        count(c, "SELECT count(*) FROM saved_routes WHERE user_id = $1"),
        insert(c,
               "INSERT INTO saved_routes (user_id, name, start_lat, start_lng, return_to_start, total_m, share_id,"
               " updated_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id"),
        insert_stop(c, "INSERT INTO saved_route_stops (route_id, position, store_id) VALUES ($1, $2, $3)"),
        update(c,
               "UPDATE saved_routes SET name = $2, start_lat = $3, start_lng = $4, return_to_start = $5,"
               " total_m = $6, share_id = $7, updated_at = $8 WHERE id = $9 AND user_id = $1 RETURNING id"),
        delete_stops(c, "DELETE FROM saved_route_stops WHERE route_id = $1"),
        remove(c, "DELETE FROM saved_routes WHERE id = $1 AND user_id = $2 RETURNING id") {}

  Connection& conn;
  Statement list, list_stops, find, find_shared, stops, count, insert, insert_stop, update, delete_stops, remove;
};

namespace {

using Statements = PgSavedTripRepository::Statements;

// The trip a statement selected, with its stops.
Result<std::optional<SavedTrip>> one_trip(Statements& st, Result<Rows> selected) {
  if (!selected) return std::unexpected(selected.error());
  if (selected->empty()) return std::nullopt;
  auto found = trip_from(*selected, 0);
  auto stops = st.stops.run({found.id});
  if (!stops) return std::unexpected(stops.error());
  found.store_ids.reserve(stops->count());
  for (int i = 0; i < stops->size(); ++i) found.store_ids.push_back(stops->int64(i, 0));
  return found;
}

Result<void> write_stops(Statements& st, SavedTripId id, const std::vector<StoreId>& store_ids) {
  for (std::size_t k = 0; k < store_ids.size(); ++k) {
    auto ok = st.insert_stop.run({id, static_cast<std::int64_t>(k), store_ids[k]});
    if (!ok) return std::unexpected(ok.error());
  }
  return {};
}

// A read of one trip in one snapshot (the trip and its stops).
Result<std::optional<SavedTrip>> read_trip(Statements& st, Statement& select, const std::vector<Param>& params) {
  std::optional<SavedTrip> found;
  auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
    auto trip = one_trip(st, select.run(params));
    if (!trip) return std::unexpected(trip.error());
    found = std::move(*trip);
    return {};
  });
  if (!ok) return std::unexpected(ok.error());
  return found;
}

}  // namespace

PgSavedTripRepository::PgSavedTripRepository(Database& db) : statements_(db, "saved_trips") {}
PgSavedTripRepository::~PgSavedTripRepository() = default;

Result<std::vector<SavedTrip>> PgSavedTripRepository::list_for_user(UserId user) {
  return statements_.with([&](Statements& st) -> Result<std::vector<SavedTrip>> {
    std::vector<SavedTrip> trips;
    // One snapshot for the trips and their stops.
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      trips.clear();
      auto rows = st.list.run({user});
      if (!rows) return std::unexpected(rows.error());
      trips.reserve(rows->count());
      for (int i = 0; i < rows->size(); ++i) trips.push_back(trip_from(*rows, i));
      std::map<SavedTripId, SavedTrip*> by_id;
      for (auto& r : trips) by_id[r.id] = &r;
      auto stops = st.list_stops.run({user});
      if (!stops) return std::unexpected(stops.error());
      for (int i = 0; i < stops->size(); ++i)
        if (const auto it = by_id.find(stops->int64(i, 0)); it != by_id.end())
          it->second->store_ids.push_back(stops->int64(i, 1));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return trips;
  });
}

Result<std::optional<SavedTrip>> PgSavedTripRepository::find_for_user(UserId user, SavedTripId id) {
  return statements_.with([&](Statements& st) { return read_trip(st, st.find, {id, user}); });
}

Result<std::optional<SavedTrip>> PgSavedTripRepository::find_shared(std::string_view share_id) {
  return statements_.with([&](Statements& st) { return read_trip(st, st.find_shared, {share_id}); });
}

Result<std::optional<SavedTrip>> PgSavedTripRepository::insert(const SavedTrip& trip, std::size_t max_per_user) {
  return statements_.with([&](Statements& st) -> Result<std::optional<SavedTrip>> {
    std::optional<SavedTrip> stored;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      stored.reset();
      auto owned = st.count.run({trip.user_id});
      if (!owned) return std::unexpected(owned.error());
      if (owned->int64(0, 0) >= static_cast<std::int64_t>(max_per_user)) return {};
      auto params = field_params(trip);
      params.emplace_back(trip.created_at);
      auto id = st.insert.run(params);
      if (!id) return std::unexpected(id.error());
      SavedTrip written = trip;
      written.id = id->int64(0, 0);
      if (auto stops = write_stops(st, written.id, trip.store_ids); !stops) return stops;
      stored = std::move(written);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return stored;
  });
}

Result<bool> PgSavedTripRepository::update(const SavedTrip& trip) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool touched = false;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto params = field_params(trip);
      params.emplace_back(trip.id);
      auto updated = st.update.run(params);
      if (!updated) return std::unexpected(updated.error());
      touched = !updated->empty();
      if (!touched) return {};
      if (auto cleared = st.delete_stops.run({trip.id}); !cleared) return std::unexpected(cleared.error());
      return write_stops(st, trip.id, trip.store_ids);
    });
    if (!ok) return std::unexpected(ok.error());
    return touched;
  });
}

Result<bool> PgSavedTripRepository::remove(UserId user, SavedTripId id) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto rows = st.remove.run({id, user});
    if (!rows) return std::unexpected(rows.error());
    return !rows->empty();
  });
}

}  // namespace pokeca::storage::postgres
