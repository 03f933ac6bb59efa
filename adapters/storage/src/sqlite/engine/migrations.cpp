#include "pokeca/storage/sqlite/migrations.hpp"

#include <array>
#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/connection.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"

namespace pokeca::storage {
namespace embedded {
// Defined by the embedded_migrations.cpp that CMake generates from migrations/*.sql.
extern const std::string_view k001Init;
extern const std::string_view k002Accounts;
extern const std::string_view k003Contributions;
extern const std::string_view k004Personal;
extern const std::string_view k005SavedRoutes;
extern const std::string_view k006Admin;
extern const std::string_view k007Analytics;         // after 006 (its triggers read 001–003 only)
extern const std::string_view k008RecentCells;       // hour buckets for "reported within"
extern const std::string_view k009ReportedLists;     // store lists "reported within"
extern const std::string_view k010RecentKinds;       // one blob of kinds per cell hour
extern const std::string_view k011RecentBlocks;      // 8-hour blocks beside the hours
extern const std::string_view k012ReviewMail;        // the mail about each submission review (opt-out)
extern const std::string_view k013LatestPerProduct;  // latest report per product; "reported within" = bought
extern const std::string_view k014Products;          // the product catalogue; audit targets product, lottery
extern const std::string_view k015Lotteries;         // lottery entries (抽選情報)
extern const std::string_view k016ReportConfirmations;  // confirmations of purchase reports
extern const std::string_view k017AreaWatches;          // area watches, quiet hours, their alert log
extern const std::string_view k018WebPush;              // Web Push devices, the push queue, alert channels
extern const std::string_view k019SaleTerms;            // a report's catalogue product and sale terms
extern const std::string_view k020Calendar;             // the lottery calendar feed: token hash, prefectures
extern const std::string_view k021PushOffLinks;         // a queued push's one-tap off link
}  // namespace embedded

std::span<const Migration> all_migrations() {
  // Built on first use, not at static initialisation: the embedded texts are
  // themselves dynamically initialised in another translation unit.
  // Add a line here (and to CMakeLists.txt) for each new migrations/NNN_name.sql;
  // a test checks that every file in the folder is listed.
  static const std::array migrations{
      Migration{1, "init", embedded::k001Init},
      Migration{2, "accounts", embedded::k002Accounts},
      Migration{3, "contributions", embedded::k003Contributions},
      Migration{4, "personal", embedded::k004Personal},
      Migration{5, "saved_routes", embedded::k005SavedRoutes},
      Migration{6, "admin", embedded::k006Admin},
      Migration{7, "analytics", embedded::k007Analytics},
      Migration{8, "recent_cells", embedded::k008RecentCells},
      Migration{9, "reported_lists", embedded::k009ReportedLists},
      Migration{10, "recent_kinds", embedded::k010RecentKinds},
      Migration{11, "recent_blocks", embedded::k011RecentBlocks},
      Migration{12, "review_mail", embedded::k012ReviewMail},
      Migration{13, "latest_per_product", embedded::k013LatestPerProduct},
      Migration{14, "products", embedded::k014Products},
      Migration{15, "lotteries", embedded::k015Lotteries},
      Migration{16, "report_confirmations", embedded::k016ReportConfirmations},
      Migration{17, "area_watches", embedded::k017AreaWatches},
      Migration{18, "web_push", embedded::k018WebPush},
      Migration{19, "sale_terms", embedded::k019SaleTerms},
      Migration{20, "calendar", embedded::k020Calendar},
      Migration{21, "push_off_links", embedded::k021PushOffLinks},
  };
  return migrations;
}

int latest_schema_version() { return all_migrations().back().version; }

Result<int> schema_version(Connection& conn) {
  Statement read(conn, "PRAGMA user_version");
  int version = 0;
  auto ok = read.each([&](const Row& row) { version = static_cast<int>(row.int64(0)); });
  if (!ok) return std::unexpected(ok.error());
  return version;
}

Result<int> migrate(Connection& conn) {
  // IMMEDIATE: two processes starting at once take turns, and the second one then
  // sees the first one's version and has nothing left to do.
  auto tx = Transaction::begin(conn, TransactionMode::kWrite);
  if (!tx) return std::unexpected(tx.error());
  auto current = schema_version(conn);
  if (!current) return current;
  if (*current > latest_schema_version())
    return fail_logged(ErrorCode::kInternal, msg::kInternal,
                       "database schema version " + std::to_string(*current) + " is newer than this program's " +
                           std::to_string(latest_schema_version()));
  for (const auto& m : all_migrations()) {
    if (m.version <= *current) continue;
    if (m.sql.empty())  // an embedding mistake must not pass for a done migration
      return fail_logged(ErrorCode::kInternal, msg::kInternal, "migration " + std::string(m.name) + " is empty");
    if (auto ok = conn.exec(m.sql); !ok) return std::unexpected(ok.error());
    // PRAGMA takes no parameters; the version is our own integer.
    if (auto ok = conn.exec("PRAGMA user_version = " + std::to_string(m.version)); !ok)
      return std::unexpected(ok.error());
  }
  if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
  return latest_schema_version();
}

}  // namespace pokeca::storage
