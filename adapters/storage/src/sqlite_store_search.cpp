#include "pokeca/storage/sqlite_store_search.hpp"

#include "pokeca/storage/statement.hpp"
#include "pokeca/utf8.hpp"
#include "store_rows.hpp"
#include "store_statements.hpp"

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
      : by_index(c, store_sql::select_stores(" FROM stores_fts CROSS JOIN stores AS s ON s.id = stores_fts.rowid"
                                             " WHERE stores_fts MATCH :match AND s.status = 'active'") +
                        std::string(kNameMatches) + " LIMIT :limit"),
        in_city(c, store_sql::select_stores(" FROM stores AS s INDEXED BY stores_by_city WHERE s.prefecture = :prefecture"
                                            " AND s.city = :city AND s.status = 'active'") +
                       std::string(kNameMatches) + " ORDER BY s.id LIMIT :limit"),
        in_box(c, store_sql::select_stores(store_sql::kInBoxJoin) + "s.status = 'active'" + std::string(kNameMatches) +
                      " LIMIT :limit"),
        scan(c, store_sql::select_stores(" FROM (SELECT * FROM stores WHERE status = 'active' ORDER BY id"
                                         " LIMIT :scan_rows) AS s WHERE 1") +
                    std::string(kNameMatches) + " LIMIT :limit") {}

  Statement by_index, in_city, in_box, scan;
};

SqliteStoreSearch::SqliteStoreSearch(Database& db) : statements_(db) {}
SqliteStoreSearch::~SqliteStoreSearch() = default;

Result<std::vector<Store>> SqliteStoreSearch::search(const NameSearch& q) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Store>> {
    Statement* chosen = nullptr;
    const auto match = fts_match(q.name_groups);
    if (q.place && q.place->is_area) {
      const auto box = bbox_around(q.place->centre, kAreaSearchRadiusKm);
      chosen = &st.in_box.bind_real(":min_lng", box.min_lng)
                    .bind_real(":min_lat", box.min_lat)
                    .bind_real(":max_lng", box.max_lng)
                    .bind_real(":max_lat", box.max_lat);
    } else if (q.place) {
      chosen = &st.in_city.bind_text(":prefecture", q.place->prefecture_code).bind_text(":city", q.place->city);
    } else if (!match.empty()) {
      chosen = &st.by_index.bind_text(":match", match);
    } else {
      chosen = &st.scan.bind_int(":scan_rows", q.short_query_scan_rows);
    }
    chosen->bind_text(":groups", json_groups(q.name_groups)).bind_int(":limit", q.limit);
    std::vector<Store> out;
    auto ok = chosen->each([&](const Row& row) -> Result<void> {
      auto s = read_store(row);
      if (!s) return std::unexpected(s.error());
      out.push_back(std::move(*s));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
