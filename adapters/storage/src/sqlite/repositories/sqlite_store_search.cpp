#include "pokeca/storage/sqlite/sqlite_store_search.hpp"

#include <utility>

#include "pokeca/shared/utf8.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "repositories/fts5.hpp"
#include "repositories/store_rows.hpp"
#include "repositories/store_statements.hpp"

namespace pokeca::storage {
namespace {

// Every group of :groups (a JSON array of arrays of spellings) has a spelling that is
// a substring of the name; ASCII case is ignored (the spellings are lower case).
constexpr std::string_view kNameMatches =
    " AND NOT EXISTS (SELECT 1 FROM json_each(:groups) AS g WHERE NOT EXISTS"
    " (SELECT 1 FROM json_each(g.value) AS v WHERE instr(lower(s.name), v.value) > 0))";

std::string json_groups(const std::vector<std::vector<std::string>>& groups) {
  std::string out = "[";
  for (const auto& g : groups) {
    if (out.size() > 1) out += ",";
    out += json_string_array(g);
  }
  return out + "]";
}

// An FTS5 MATCH over the groups whose every spelling has kTrigramChars characters
// (shorter ones cannot use the trigram index): ("a" OR "b") AND ("c"). Empty if none.
std::string fts_match(const std::vector<std::vector<std::string>>& groups) {
  std::string out;
  for (const auto& g : groups) {
    bool indexable = !g.empty();
    for (const auto& s : g) indexable = indexable && utf8_length(s) >= kTrigramChars;
    if (!indexable) continue;
    if (!out.empty()) out += " AND ";
    out += "(";
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (i > 0) out += " OR ";
      out += '"';
      for (const char c : g[i]) {
        if (c == '"') out += '"';
        out += c;
      }
      out += '"';
    }
    out += ")";
  }
  return out;
}

}  // namespace

struct SqliteStoreSearch::Statements {
  explicit Statements(Connection& c)
      // The name index's and the city's candidates are cut at :limit in id order (FTS5
      // gives its rowids in order: no sort), the same ones on any backend. The area's box
      // keeps the R*Tree's order: ordering it would test every name in the area.
      : by_index(c, store_sql::select_stores(" FROM stores_fts CROSS JOIN stores AS s ON s.id = stores_fts.rowid"
                                             " WHERE stores_fts MATCH :match AND s.status = 'active'") +
                        std::string(kNameMatches) + " ORDER BY stores_fts.rowid LIMIT :limit"),
        in_city(c,
                store_sql::select_stores(" FROM stores AS s INDEXED BY stores_by_city WHERE s.prefecture = :prefecture"
                                         " AND s.city = :city AND s.status = 'active'") +
                    std::string(kNameMatches) + " ORDER BY s.id LIMIT :limit"),
        in_box(c, store_sql::select_stores(store_sql::kInBoxJoin) + "s.status = 'active'" + std::string(kNameMatches) +
                      " LIMIT :limit"),
        // The scan reads names only and matches them in C++ (json_each per row cost
        // ~3.5 µs, ten times the read); the matches are then read by id.
        scan_names(c, "SELECT id, name FROM stores WHERE status = 'active' ORDER BY id LIMIT :scan_rows"),
        by_id(c, store_sql::select_stores(" FROM stores AS s WHERE s.id = :id")) {}

  Statement by_index, in_city, in_box, scan_names, by_id;
};

SqliteStoreSearch::SqliteStoreSearch(Database& db, int short_query_scan_rows)
    : statements_(db, "store_search"), short_query_scan_rows_(short_query_scan_rows) {}
SqliteStoreSearch::~SqliteStoreSearch() = default;

namespace {

Result<void> read_stores(Statement& st, std::vector<Store>& out) {
  return st.each([&](const Row& row) -> Result<void> {
    auto s = read_store(row);
    if (!s) return std::unexpected(s.error());
    out.push_back(std::move(*s));
    return {};
  });
}

// A query of short words only: the first `scan_rows` active names, matched here.
Result<std::vector<Store>> scan(Statement& names, Statement& by_id, const NameSearch& q, int scan_rows) {
  std::vector<StoreId> ids;
  auto ok = names.bind_int(":scan_rows", scan_rows).each([&](const Row& row) {
    if (name_matches(row.text(1), q.name_groups)) ids.push_back(row.int64(0));
    return std::cmp_less(ids.size(), q.limit);  // false: enough found, stop reading
  });
  if (!ok) return std::unexpected(ok.error());
  std::vector<Store> out;
  for (const auto id : ids)
    if (auto read = read_stores(by_id.bind_int(":id", id), out); !read) return std::unexpected(read.error());
  return out;
}

}  // namespace

Result<std::vector<Store>> SqliteStoreSearch::search(const NameSearch& q) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Store>> {
    const auto match = fts_match(q.name_groups);
    if (!q.place && match.empty()) return scan(st.scan_names, st.by_id, q, short_query_scan_rows_);
    Statement* chosen = nullptr;
    if (q.place && q.place->is_area) {
      const auto box = bbox_around(q.place->centre, q.radius_km);
      chosen = &st.in_box.bind_real(":min_lng", box.min_lng)
                    .bind_real(":min_lat", box.min_lat)
                    .bind_real(":max_lng", box.max_lng)
                    .bind_real(":max_lat", box.max_lat);
    } else if (q.place) {
      chosen = &st.in_city.bind_text(":prefecture", q.place->prefecture_code).bind_text(":city", q.place->city);
    } else {
      chosen = &st.by_index.bind_text(":match", match);
    }
    chosen->bind_text(":groups", json_groups(q.name_groups)).bind_int(":limit", q.limit);
    std::vector<Store> out;
    if (auto ok = read_stores(*chosen, out); !ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
