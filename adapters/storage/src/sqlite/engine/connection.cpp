#include "pokeca/storage/sqlite/connection.hpp"

#include <sqlite3.h>

#include <string>

#include "engine/recent_kinds.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage {
namespace {

void check(sqlite3* db, int rc, std::string_view what) {
  if (rc != SQLITE_OK) throw StorageError(describe_sqlite_error(db, rc, what));
}

std::string describe(const DomainError& e) { return e.cause(); }

// pokeca_cell_x(lat, lng, level) / pokeca_cell_y(...): core's cell_of for SQL, so the
// triggers of migration 008 file a store under the same cells as the server's views.
template <std::int64_t CellKey::* Axis>
void cell_axis(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) {
  for (int i = 0; i < 3; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  const auto level = sqlite3_value_int64(argv[2]);
  if (level < 0 || level > kMaxCellLevel) return sqlite3_result_error(ctx, "cell level out of range", -1);
  const LatLng p{sqlite3_value_double(argv[0]), sqlite3_value_double(argv[1])};
  sqlite3_result_int64(ctx, cell_of(p, static_cast<int>(level)).*Axis);
}

void register_functions(sqlite3* db) {
  constexpr int kFlags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  check(db,
        sqlite3_create_function_v2(db, "pokeca_cell_x", 3, kFlags, nullptr, &cell_axis<&CellKey::x>, nullptr, nullptr,
                                   nullptr),
        "pokeca_cell_x");
  check(db,
        sqlite3_create_function_v2(db, "pokeca_cell_y", 3, kFlags, nullptr, &cell_axis<&CellKey::y>, nullptr, nullptr,
                                   nullptr),
        "pokeca_cell_y");
  check(db, recent_kinds::register_functions(db), "pokeca_recent_kind");
}

}  // namespace

Connection::Connection(const std::filesystem::path& file, const ConnectionSettings& settings) {
  constexpr int kFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  const int rc = sqlite3_open_v2(file.c_str(), &db_, kFlags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string message = "cannot open " + file.string() + ": " + describe_sqlite_error(db_, rc, {});
    sqlite3_close_v2(db_);
    throw StorageError(message);
  }
  try {
    configure(settings);
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

void Connection::configure(const ConnectionSettings& settings) {
  register_functions(db_);
  check(db_, sqlite3_busy_timeout(db_, static_cast<int>(settings.busy_timeout.count())), "busy_timeout");

  // journal_mode answers with the mode it ended up in; anything but WAL (e.g. a file
  // system without shared memory) would silently serialise readers and writers.
  Statement wal(*this, "PRAGMA journal_mode = WAL");
  std::string mode;
  auto ran = wal.each([&](const Row& row) { mode = std::string(row.text(0)); });
  if (!ran) throw StorageError("journal_mode: " + describe(ran.error()));
  if (mode != "wal") throw StorageError("SQLite refused WAL mode (got '" + mode + "')");

  const std::string pragmas =
      std::string("PRAGMA foreign_keys = ON;") +
      (settings.durability == Durability::kFull ? "PRAGMA synchronous = FULL;" : "PRAGMA synchronous = NORMAL;") +
      "PRAGMA temp_store = MEMORY;" + "PRAGMA cache_size = -" + std::to_string(kPageCacheKiB) + ";" +
      "PRAGMA mmap_size = " + std::to_string(kMmapBytes) + ";" +
      "PRAGMA journal_size_limit = " + std::to_string(kWalSizeLimitBytes) + ";";
  if (auto done = exec(pragmas); !done) throw StorageError("pragmas: " + describe(done.error()));

  begin_deferred_ = std::make_unique<Statement>(*this, "BEGIN DEFERRED");
  begin_immediate_ = std::make_unique<Statement>(*this, "BEGIN IMMEDIATE");
  commit_ = std::make_unique<Statement>(*this, "COMMIT");
  rollback_ = std::make_unique<Statement>(*this, "ROLLBACK");
}

Connection::~Connection() {
  // Statements first: the connection closes cleanly only when none is left.
  begin_deferred_.reset();
  begin_immediate_.reset();
  commit_.reset();
  rollback_.reset();
  sqlite3_close_v2(db_);
}

Result<void> Connection::exec(std::string_view sql) {
  const std::string text(sql);  // sqlite3_exec wants a NUL-terminated string
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return std::unexpected(sqlite_failure(db_, rc, sql));
  return {};
}

}  // namespace pokeca::storage
