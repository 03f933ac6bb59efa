#include "pokeca/storage/postgres/migrations.hpp"

#include <array>
#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/postgres/transaction.hpp"

namespace pokeca::storage::postgres {
namespace embedded {
// Defined by the embedded_postgres_migrations.cpp that CMake generates from migrations/*.sql.
extern const std::string_view k001Init;
extern const std::string_view k002Accounts;
extern const std::string_view k003Stores;
extern const std::string_view k004PurchaseReports;
extern const std::string_view k005Changes;        // the change signal's triggers
extern const std::string_view k006Contributions;  // store submissions, lottery entries
extern const std::string_view k007SavedTrips;
extern const std::string_view k008StoreSearch;
extern const std::string_view k009SubmissionPhotos;  // their photos, and the photo bytes
extern const std::string_view k010Favorites;
extern const std::string_view k011MailQueue;            // and the favourite-alert log
extern const std::string_view k012ServerSecrets;        // the signing key all servers share
extern const std::string_view k013Admin;                // last_login_at, the admin lists' indexes
extern const std::string_view k014Analytics;            // page views, the dashboard's counters
extern const std::string_view k015ReportConfirmations;  // confirmations of purchase reports
extern const std::string_view k016AreaWatches;          // area watches, quiet hours, their alert log
extern const std::string_view k017WebPush;              // Web Push devices, the push queue, alert channels
extern const std::string_view k018SaleTerms;            // a report's catalogue product and sale terms
extern const std::string_view k019Calendar;             // the lottery calendar feed: token hash, prefectures
extern const std::string_view k020StoreCells;           // the clusters' per-cell sums, stores per prefecture
extern const std::string_view k021PushOffLinks;         // a queued push's one-tap off link
extern const std::string_view k022StoreRecentSums;      // the "reported within" clusters' sums by hour
}  // namespace embedded

std::span<const Migration> all_migrations() {
  // Built on first use: the embedded texts are dynamically initialised in another
  // translation unit. Add a line here (and to CMakeLists.txt) for each new
  // migrations/NNN_name.sql.
  static const std::array migrations{
      Migration{1, "init", embedded::k001Init},
      Migration{2, "accounts", embedded::k002Accounts},
      Migration{3, "stores", embedded::k003Stores},
      Migration{4, "purchase_reports", embedded::k004PurchaseReports},
      Migration{5, "changes", embedded::k005Changes},
      Migration{6, "contributions", embedded::k006Contributions},
      Migration{7, "saved_trips", embedded::k007SavedTrips},
      Migration{8, "store_search", embedded::k008StoreSearch},
      Migration{9, "submission_photos", embedded::k009SubmissionPhotos},
      Migration{10, "favorites", embedded::k010Favorites},
      Migration{11, "mail_queue", embedded::k011MailQueue},
      Migration{12, "server_secrets", embedded::k012ServerSecrets},
      Migration{13, "admin", embedded::k013Admin},
      Migration{14, "analytics", embedded::k014Analytics},
      Migration{15, "report_confirmations", embedded::k015ReportConfirmations},
      Migration{16, "area_watches", embedded::k016AreaWatches},
      Migration{17, "web_push", embedded::k017WebPush},
      Migration{18, "sale_terms", embedded::k018SaleTerms},
      Migration{19, "calendar", embedded::k019Calendar},
      Migration{20, "store_cells", embedded::k020StoreCells},
      Migration{21, "push_off_links", embedded::k021PushOffLinks},
      Migration{22, "store_recent_sums", embedded::k022StoreRecentSums},
  };
  return migrations;
}

int latest_schema_version() { return all_migrations().back().version; }

namespace {

// In the caller's transaction (under the lock): the table may not exist yet.
constexpr std::string_view kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL, applied_at timestamptz NOT NULL DEFAULT "
    "now())";
constexpr std::string_view kReadVersion = "SELECT coalesce(max(version), 0) FROM schema_version";

Result<int> read_version(Connection& conn) {
  auto rows = conn.query(kReadVersion);
  if (!rows) return std::unexpected(rows.error());
  return static_cast<int>(rows->int64(0, 0));
}

Result<void> refuse_newer(int current) {
  if (current <= latest_schema_version()) return {};
  return fail_logged(ErrorCode::kInternal, msg::kInternal,
                     "database schema " + std::to_string(current) + " is newer than this program's " +
                         std::to_string(latest_schema_version()) + ": run the newer program, or restore a backup");
}

}  // namespace

Result<int> schema_version(Connection& conn) {
  auto exists = conn.query("SELECT to_regclass('schema_version') IS NOT NULL");
  if (!exists) return std::unexpected(exists.error());
  if (!exists->boolean(0, 0)) return 0;
  return read_version(conn);
}

Result<int> migrate(Connection& conn) {
  int reached = 0;
  for (const auto& m : all_migrations()) {
    if (m.sql.empty())  // an embedding mistake must not pass for a done migration
      return fail_logged(ErrorCode::kInternal, msg::kInternal, "migration " + std::string(m.name) + " is empty");
    // One transaction per migration, each under the lock: a server that starts while
    // another migrates waits here, then finds the version moved and skips.
    auto ok = in_transaction(conn, TransactionMode::kUnderLock, [&]() -> Result<void> {
      if (auto locked = conn.query("SELECT pg_advisory_xact_lock($1)", {Param(std::int64_t{kMigrationLockKey})});
          !locked)
        return std::unexpected(locked.error());
      if (auto created = conn.exec(kCreateVersionTable); !created) return created;
      auto current = read_version(conn);
      if (!current) return std::unexpected(current.error());
      reached = *current;
      if (auto newer = refuse_newer(*current); !newer) return newer;
      if (*current >= m.version) return {};
      if (auto applied = conn.exec(m.sql); !applied) return applied;
      if (auto noted = conn.query("INSERT INTO schema_version (version) VALUES ($1)", {Param(m.version)}); !noted)
        return std::unexpected(noted.error());
      reached = m.version;
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
  }
  return reached;
}

}  // namespace pokeca::storage::postgres
