#include "pokeca/storage/postgres/migrate_data.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/shared_secret.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "pokeca/storage/sqlite/migrations.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

namespace fs = std::filesystem;

// SQLite tables the program derives from the others (indexes kept as tables, per-cell sums,
// full-text and R*Tree indexes and their shadow tables): PostgreSQL answers the same reads
// from its own indexes, so they are not copied.
constexpr std::string_view kDerivedSqliteTables[] = {"cell_levels", "prefecture_counts", "store_cells",
                                                     "store_recent_blocks", "store_recent_kinds"};
constexpr std::string_view kDerivedSqlitePrefixes[] = {"sqlite_", "stores_fts", "stores_rtree",
                                                       "stores_reported_rtree"};
// PostgreSQL tables that no SQLite table fills: its schema history, the photos and the
// shared secrets (files on SQLite), the rate limits' allowances and the periodic jobs' claims
// (kept in memory there).
constexpr std::string_view kPostgresOnlyTables[] = {"schema_version", "photos", "server_secrets", "rate_limits",
                                                    "job_runs"};
// PostgreSQL tables its triggers derive from stores, under the same names as SQLite's
// derived ones (migrations 020 and 022): rebuilt from the copied stores, since the triggers are
// paused during the copy.
constexpr std::string_view kDerivedPostgresTables[] = {"store_cells", "prefecture_counts", "store_recent_sums",
                                                       "store_recent_changes"};
constexpr std::string_view kPhotosTable = "photos";
constexpr std::string_view kSigningKeyTable = "server_secrets";

[[noreturn]] void fail(const std::string& line) { throw StorageError("migrate-data: " + line); }

template <typename T>
T must(Result<T> result, const std::string& doing) {
  if (!result) fail(doing + ": " + result.error().log_detail);
  if constexpr (!std::is_void_v<T>) return std::move(*result);
}

std::string sql_name(std::string_view identifier) {
  std::string out = "\"";
  for (char c : identifier) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

bool derived_in_sqlite(std::string_view table) {
  return std::ranges::find(kDerivedSqliteTables, table) != std::end(kDerivedSqliteTables) ||
         std::ranges::any_of(kDerivedSqlitePrefixes, [&](std::string_view p) { return table.starts_with(p); });
}

// ---- values: one canonical text per value, whichever side it was read from -------------

enum class Kind { kBoolean, kInteger, kReal, kBytes, kText };

Kind kind_of(std::string_view postgres_type) {
  if (postgres_type == "boolean") return Kind::kBoolean;
  if (postgres_type == "bigint" || postgres_type == "integer" || postgres_type == "smallint") return Kind::kInteger;
  if (postgres_type == "double precision" || postgres_type == "real") return Kind::kReal;
  if (postgres_type == "bytea") return Kind::kBytes;
  return Kind::kText;
}

std::string hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 0xF];
  }
  return out;
}

using Value = std::optional<std::string>;  // nullopt: NULL

Value from_sqlite(sqlite3_stmt* row, int col, Kind kind) {
  const int type = sqlite3_column_type(row, col);
  if (type == SQLITE_NULL) return std::nullopt;
  const auto bytes = [&] {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(row, col));
    return std::string(p ? p : "", static_cast<std::size_t>(sqlite3_column_bytes(row, col)));
  };
  switch (kind) {
    case Kind::kBoolean:
      if (type == SQLITE_INTEGER) return sqlite3_column_int64(row, col) != 0 ? "1" : "0";
      break;
    case Kind::kReal:
      if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) return float_text(sqlite3_column_double(row, col));
      break;
    case Kind::kBytes: return hex(bytes());
    case Kind::kInteger:
    case Kind::kText:
      if (type == SQLITE_INTEGER) return std::to_string(sqlite3_column_int64(row, col));
      if (type == SQLITE_FLOAT) return float_text(sqlite3_column_double(row, col));
      break;
  }
  return bytes();  // text as stored; PostgreSQL refuses it if it does not fit the column
}

Value from_postgres(const Rows& rows, int row, int col, Kind kind) {
  if (rows.is_null(row, col)) return std::nullopt;
  const auto text = rows.text(row, col);
  switch (kind) {
    case Kind::kBoolean: return text == "t" ? "1" : "0";
    case Kind::kReal: return float_text(std::strtod(std::string(text).c_str(), nullptr));
    case Kind::kBytes: return std::string(text.starts_with("\\x") ? text.substr(2) : text);
    case Kind::kInteger:
    case Kind::kText: break;
  }
  return std::string(text);
}

Param to_param(const Value& value, Kind kind) {
  if (!value) return Param::null();
  if (kind == Kind::kBytes) return Param("\\x" + *value);
  return Param(*value);  // booleans as 1/0, which PostgreSQL reads as true/false
}

// The sum of the rows' hashes: the same whatever order either side reads them in.
class Checksum {
 public:
  explicit Checksum(const Sha256Hex& sha256_hex) : sha256_hex_(sha256_hex) {}
  void add(const std::vector<Value>& row) {
    std::string text;
    for (const auto& v : row) text += v ? "\x02" + *v + "\x1f" : std::string("\x01\x1f");
    const auto digest = sha256_hex_(text);
    std::uint64_t part = 0;
    std::from_chars(digest.data(), digest.data() + 16, part, 16);
    sum_ += part;
    ++rows_;
  }
  [[nodiscard]] std::int64_t rows() const { return rows_; }
  [[nodiscard]] std::string text() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(sum_));
    return buf;
  }

 private:
  const Sha256Hex& sha256_hex_;
  std::uint64_t sum_ = 0;
  std::int64_t rows_ = 0;
};

// ---- the SQLite source: read-only, one snapshot for the whole copy ----------------------

class SqliteSource {
 public:
  explicit SqliteSource(const fs::path& file) {
    if (!fs::exists(file)) fail("no SQLite file at " + file.string());
    // A constructor that throws runs no destructor: the handle is closed here.
    try {
      if (sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        fail("cannot open " + file.string() + ": " + sqlite3_errmsg(db_));
      const auto version = single_int("PRAGMA user_version");
      if (version != latest_schema_version())
        fail(file.string() + " is at schema " + std::to_string(version) + ", this program's is " +
             std::to_string(latest_schema_version()) + ": start this program's server on it once first");
      exec("BEGIN");
      (void)single_int("SELECT count(*) FROM sqlite_master");  // the snapshot starts here
    } catch (...) {
      sqlite3_close(db_);
      throw;
    }
  }
  ~SqliteSource() {
    if (db_) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      sqlite3_close(db_);
    }
  }
  SqliteSource(const SqliteSource&) = delete;
  SqliteSource& operator=(const SqliteSource&) = delete;

  [[nodiscard]] std::vector<std::string> tables() {
    std::vector<std::string> names;
    each("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
         [&](sqlite3_stmt* row) { names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(row, 0))); });
    return names;
  }
  [[nodiscard]] std::vector<std::string> columns(const std::string& table) {
    std::vector<std::string> names;
    each("PRAGMA table_info(" + sql_name(table) + ")",
         [&](sqlite3_stmt* row) { names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(row, 1))); });
    return names;
  }
  template <typename OnRow>
  void each(const std::string& sql, OnRow on_row) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
      fail("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
    const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> stmt(raw, &sqlite3_finalize);
    int rc = 0;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) on_row(raw);
    if (rc != SQLITE_DONE) fail("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
  }

 private:
  std::int64_t single_int(const std::string& sql) {
    std::int64_t value = 0;
    each(sql, [&](sqlite3_stmt* row) { value = sqlite3_column_int64(row, 0); });
    return value;
  }
  void exec(const char* sql) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
      fail("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
  }
  sqlite3* db_ = nullptr;
};

// ---- the PostgreSQL target --------------------------------------------------------------

struct Column {
  std::string name;
  Kind kind;
  bool identity;
};

// The schema's tables and their columns in column order.
std::map<std::string, std::vector<Column>> target_tables(Connection& pg) {
  const auto rows =
      must(pg.query("SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns"
                    " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"),
           "reading the PostgreSQL schema");
  std::map<std::string, std::vector<Column>> tables;
  for (int r = 0; r < rows.size(); ++r)
    tables[std::string(rows.text(r, 0))].push_back(
        {std::string(rows.text(r, 1)), kind_of(rows.text(r, 2)), rows.text(r, 3) == "YES"});
  return tables;
}

// Tables in an order where each comes after the tables its foreign keys name.
std::vector<std::string> in_reference_order(Connection& pg, const std::vector<std::string>& tables) {
  const auto rows =
      must(pg.query("SELECT src.relname, dst.relname FROM pg_constraint c"
                    " JOIN pg_class src ON src.oid = c.conrelid JOIN pg_class dst ON dst.oid = c.confrelid"
                    " WHERE c.contype = 'f' AND c.connamespace = current_schema()::text::regnamespace"),
           "reading the foreign keys");
  std::map<std::string, std::set<std::string>> needs;
  for (int r = 0; r < rows.size(); ++r)
    if (rows.text(r, 0) != rows.text(r, 1)) needs[std::string(rows.text(r, 0))].insert(std::string(rows.text(r, 1)));
  std::vector<std::string> ordered;
  std::set<std::string> placed;
  while (ordered.size() < tables.size()) {
    const auto before = ordered.size();
    for (const auto& t : tables) {
      if (placed.contains(t)) continue;
      if (std::ranges::all_of(needs[t], [&](const std::string& n) {
            return placed.contains(n) || std::ranges::find(tables, n) == tables.end();
          })) {
        ordered.push_back(t);
        placed.insert(t);
      }
    }
    if (ordered.size() == before) fail("the foreign keys of the PostgreSQL schema form a cycle");
  }
  return ordered;
}

void refuse_unless_empty(Connection& pg, const std::map<std::string, std::vector<Column>>& tables) {
  for (const auto& [name, columns] : tables) {
    if (name == "schema_version") continue;
    const auto rows = must(pg.query("SELECT EXISTS (SELECT 1 FROM " + sql_name(name) + ")"), "checking " + name);
    if (rows.boolean(0, 0))
      fail("the target database is not empty (" + name + " has rows): migrate-data copies into an empty database only");
  }
}

CopiedTable copy_table(SqliteSource& sqlite, Connection& pg, const std::string& table,
                       const std::vector<Column>& target_columns, const Sha256Hex& sha256_hex) {
  const auto source_columns = sqlite.columns(table);
  std::vector<Column> columns;  // in PostgreSQL's order, those SQLite has
  for (const auto& name : source_columns) {
    const auto it = std::ranges::find(target_columns, name, &Column::name);
    // NOLINTNEXTLINE(performance-inefficient-string-concatenation): once, on the way out
    if (it == target_columns.end()) fail("SQLite column " + table + "." + name + " has no PostgreSQL column");
  }
  for (const auto& c : target_columns)
    if (std::ranges::find(source_columns, c.name) != source_columns.end()) columns.push_back(c);

  std::string names, placeholders;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    names += (i ? ", " : "") + sql_name(columns[i].name);
    placeholders += (i ? ", $" : "$") + std::to_string(i + 1);
  }
  const std::string insert = "INSERT INTO " + sql_name(table) + " (" + names + ") VALUES (" + placeholders + ")";
  const auto statement = pg.next_statement_name();
  must(pg.prepare(statement, insert), "preparing the copy of " + table);

  CopiedTable copied;
  copied.name = table;
  Checksum source(sha256_hex);
  std::vector<Value> row(columns.size());
  std::vector<Param> params;
  sqlite.each("SELECT " + names + " FROM " + sql_name(table), [&](sqlite3_stmt* stmt) {
    params.clear();
    for (std::size_t i = 0; i < columns.size(); ++i) {
      row[i] = from_sqlite(stmt, static_cast<int>(i), columns[i].kind);
      params.push_back(to_param(row[i], columns[i].kind));
    }
    must(pg.run_prepared(statement, insert, params), "copying a row of " + table);
    source.add(row);
  });
  copied.source_rows = source.rows();
  copied.source_checksum = source.text();

  // Ids the copy wrote by hand: the next generated one must come after them.
  for (const auto& c : columns)
    if (c.identity)
      must(pg.query("SELECT setval(pg_get_serial_sequence($1, $2), max(" + sql_name(c.name) + ")) FROM " +
                        sql_name(table) + " HAVING max(" + sql_name(c.name) + ") IS NOT NULL",
                    {sql_name(table), c.name}),
           "moving the id sequence of " + table);

  Checksum target(sha256_hex);
  const auto rows = must(pg.query("SELECT " + names + " FROM " + sql_name(table)), "reading back " + table);
  for (int r = 0; r < rows.size(); ++r) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      row[i] = from_postgres(rows, r, static_cast<int>(i), columns[i].kind);
    target.add(row);
  }
  copied.target_rows = target.rows();
  copied.target_checksum = target.text();
  return copied;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) fail("cannot read " + file.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every <sha256>.jpg under the photo folder, each checked against its name.
CopiedTable copy_photos(const fs::path& dir, Connection& pg, const Sha256Hex& sha256_hex) {
  CopiedTable copied;
  copied.name = std::string(kPhotosTable);
  Checksum source(sha256_hex);
  static const std::regex kPhotoName("[0-9a-f]{64}\\.jpg");
  std::error_code ec;
  if (fs::is_directory(dir, ec)) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const auto name = entry.path().filename().string();
      if (!entry.is_regular_file() || !std::regex_match(name, kPhotoName)) continue;  // temporary files
      const auto hash = name.substr(0, 64);
      const auto bytes = read_file(entry.path());
      if (sha256_hex(bytes) != hash) fail("photo " + entry.path().string() + " does not match its name (damaged)");
      must(pg.query("INSERT INTO photos (hash, jpeg) VALUES ($1, $2::bytea)", {hash, "\\x" + hex(bytes)}),
           "copying photo " + hash);
      source.add({hash});
    }
  }
  copied.source_rows = source.rows();
  copied.source_checksum = source.text();
  Checksum target(sha256_hex);
  const auto rows =
      must(pg.query("SELECT hash FROM photos WHERE encode(sha256(jpeg), 'hex') = hash"), "reading back the photos");
  for (int r = 0; r < rows.size(); ++r) target.add({std::string(rows.text(r, 0))});
  copied.target_rows = target.rows();
  copied.target_checksum = target.text();
  return copied;
}

// The key files as server_secrets rows: tokens signed before the move stay valid, and the
// browsers' push subscriptions (made for the VAPID public key) keep working.
CopiedTable copy_secrets(const MigrationSource& source, Connection& pg, const Sha256Hex& sha256_hex) {
  CopiedTable copied;
  copied.name = std::string(kSigningKeyTable);
  Checksum source_sum(sha256_hex);
  const std::pair<const fs::path*, std::string_view> secrets[] = {{&source.signing_key, kSigningKeySecret},
                                                                  {&source.vapid_key, kVapidKeySecret}};
  for (const auto& [file, name] : secrets) {
    std::error_code ec;
    if (file->empty() || !fs::exists(*file, ec)) continue;
    const auto key = read_file(*file);
    must(pg.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2::bytea)",
                  {std::string(name), "\\x" + hex(key)}),
         "copying " + std::string(name));
    source_sum.add({std::string(name), hex(key)});
  }
  copied.source_rows = source_sum.rows();
  copied.source_checksum = source_sum.text();
  Checksum target(sha256_hex);
  const auto rows =
      must(pg.query("SELECT name, encode(value, 'hex') FROM server_secrets ORDER BY name"), "reading back the keys");
  for (int r = 0; r < rows.size(); ++r) target.add({std::string(rows.text(r, 0)), std::string(rows.text(r, 1))});
  copied.target_rows = target.rows();
  copied.target_checksum = target.text();
  return copied;
}

}  // namespace

MigrationReport migrate_data(const MigrationSource& source, const std::string& conninfo, const Sha256Hex& sha256_hex) {
  SqliteSource sqlite(source.database);
  Database db(conninfo, {.connections = 1, .hear_other_writes = false});  // brings the target's schema up to date
  const auto lease = db.acquire();
  auto& pg = lease.connection();
  const auto target = target_tables(pg);

  std::vector<std::string> copied_tables;
  for (const auto& table : sqlite.tables()) {
    if (derived_in_sqlite(table) || table == "schema_version") continue;
    if (!target.contains(table)) fail("SQLite table " + table + " has no PostgreSQL table");
    copied_tables.push_back(table);
  }
  for (const auto& [table, columns] : target)
    if (std::ranges::find(copied_tables, table) == copied_tables.end() &&
        std::ranges::find(kPostgresOnlyTables, table) == std::end(kPostgresOnlyTables) &&
        std::ranges::find(kDerivedPostgresTables, table) == std::end(kDerivedPostgresTables))
      fail("PostgreSQL table " + table + " has no SQLite table to fill it");

  // One transaction (the ALTER TABLEs lock each table): interrupted, nothing stays.
  auto copy = must(Transaction::begin(pg, TransactionMode::kWrite), "starting the copy");
  refuse_unless_empty(pg, target);
  // The rows arrive as they are, derived columns included: the triggers (change
  // notifications, the audit log's refusals, withdrawal clean-ups) stay quiet meanwhile.
  for (const auto& table : copied_tables)
    must(pg.exec("ALTER TABLE " + sql_name(table) + " DISABLE TRIGGER USER"), "pausing the triggers of " + table);
  MigrationReport report;
  for (const auto& table : in_reference_order(pg, copied_tables))
    report.tables.push_back(copy_table(sqlite, pg, table, target.at(table), sha256_hex));
  report.tables.push_back(copy_photos(source.photo_dir, pg, sha256_hex));
  report.tables.push_back(copy_secrets(source, pg, sha256_hex));
  for (const auto& table : copied_tables)
    must(pg.exec("ALTER TABLE " + sql_name(table) + " ENABLE TRIGGER USER"), "resuming the triggers of " + table);
  must(pg.query("SELECT pokeca_rebuild_store_cells()"), "summing the stores per cell and prefecture");
  must(pg.query("SELECT pokeca_rebuild_store_recent_sums()"), "summing the reported stores per cell and hour");
  for (const auto& t : report.tables)
    if (t.source_rows != t.target_rows || t.source_checksum != t.target_checksum)
      fail(t.name + " differs after the copy (" + std::to_string(t.source_rows) + " rows " + t.source_checksum +
           " in SQLite, " + std::to_string(t.target_rows) + " rows " + t.target_checksum + " in PostgreSQL)");
  must(copy.commit(), "committing the copy");
  // The planner's statistics at once, not when autovacuum gets round to the new rows: the
  // map's reads choose between indexes by them.
  must(pg.exec("ANALYZE"), "gathering the planner's statistics");
  return report;
}

}  // namespace pokeca::storage::postgres
