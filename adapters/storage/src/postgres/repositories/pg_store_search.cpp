#include "pokeca/storage/postgres/pg_store_search.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/utf8.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {
namespace {

// The name as the groups are tested on it: ASCII lower-cased only, as on SQLite.
constexpr std::string_view kLoweredName = "lower(s.name COLLATE \"C\")";

// Every group has a spelling inside the name: $first are the spellings, $first+1 the group
// of each (1-based), $first+2 how many groups there are.
std::string every_group_matches(int first) {
  const auto n = [first](int i) { return "$" + std::to_string(first + i); };
  return " AND (SELECT count(DISTINCT u.g) FROM unnest(" + n(0) + "::text[], " + n(1) +
         "::int[]) AS u(spelling, g) WHERE strpos(" + std::string(kLoweredName) + ", u.spelling) > 0) = " + n(2) +
         "::int";
}

std::string select_stores(std::string_view rest) {
  return "SELECT " + std::string(kStoreColumns) + " FROM stores AS s " + std::string(rest);
}

void append_group_params(std::vector<Param>& params, const std::vector<std::vector<std::string>>& groups) {
  std::vector<std::string> spellings;
  std::string numbers = "{";
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (const auto& spelling : groups[g]) {
      spellings.push_back(spelling);
      if (numbers.size() > 1) numbers += ',';
      numbers += std::to_string(g + 1);
    }
  params.emplace_back(text_array(spellings));
  params.emplace_back(numbers + "}");
  params.emplace_back(static_cast<std::int64_t>(groups.size()));
}

// The group the index looks up: of those whose every spelling is long enough for it, the one
// whose shortest spelling is longest (the fewest candidates). nullptr when there is none.
const std::vector<std::string>* indexed_group(const std::vector<std::vector<std::string>>& groups) {
  const std::vector<std::string>* best = nullptr;
  std::size_t best_shortest = 0;
  for (const auto& group : groups) {
    std::size_t shortest = group.empty() ? 0 : SIZE_MAX;
    for (const auto& spelling : group) shortest = std::min(shortest, utf8_length(spelling));
    if (shortest >= kTrigramChars && shortest > best_shortest) {
      best = &group;
      best_shortest = shortest;
    }
  }
  return best;
}

Result<void> append_stores(Result<Rows> rows, std::vector<Store>& out) {
  if (!rows) return std::unexpected(rows.error());
  for (int i = 0; i < rows->size(); ++i) {
    auto s = read_store(*rows, i);
    if (!s) return std::unexpected(s.error());
    out.push_back(std::move(*s));
  }
  return {};
}

// Names containing one of `indexed`'s spellings, through pg_trgm's index (ILIKE: its
// case-folding finds a superset of the ASCII-only one, which every_group_matches then keeps
// exact). Sent unprepared, so PostgreSQL plans it for these very patterns: a rare word goes
// through the trigram index, a common one walks the ids until `limit` match (a generic plan
// would pick one of the two for every word: 400 ms where the other takes 0.2).
Result<std::vector<Store>> by_index(Connection& conn, const std::vector<std::string>& indexed, const NameSearch& q) {
  std::vector<Param> params;
  std::string any_spelling;
  for (const auto& spelling : indexed) {
    params.emplace_back(contains_pattern(spelling));
    if (!any_spelling.empty()) any_spelling += " OR ";
    any_spelling += "s.name ILIKE $" + std::to_string(params.size());
  }
  const int groups_at = static_cast<int>(params.size()) + 1;
  append_group_params(params, q.name_groups);
  params.emplace_back(q.limit);
  std::vector<Store> out;
  auto rows =
      conn.query(select_stores("WHERE (" + any_spelling + ") AND s.status = 'active'" + every_group_matches(groups_at) +
                               " ORDER BY s.id LIMIT $" + std::to_string(groups_at + 3)),
                 params);
  if (auto ok = append_stores(std::move(rows), out); !ok) return std::unexpected(ok.error());
  return out;
}

}  // namespace

struct PgStoreSearch::Statements {
  explicit Statements(Connection& c)
      // The index's and the city's candidates are cut at the limit in id order, the same
      // ones as on SQLite. The area's box keeps the point index's order: ordering it would
      // test every name in the area.
      : conn(c),
        in_city(c, select_stores("WHERE s.prefecture = $1 AND s.city = $2 AND s.status = 'active'" +
                                 every_group_matches(3) + " ORDER BY s.id LIMIT $6")),
        in_box(c, select_stores("WHERE point(s.lng, s.lat) <@ box(point($1::float8, $2::float8), point($3::float8, "
                                "$4::float8)) AND s.lng BETWEEN $1::float8 AND $3::float8 AND s.lat BETWEEN "
                                "$2::float8 AND $4::float8 AND s.status = 'active'" +
                                every_group_matches(5) + " LIMIT $8")),
        // The scan reads names only and matches them here; the matches are then read by id.
        scan_names(c, "SELECT id, name FROM stores WHERE status = 'active' ORDER BY id LIMIT $1"),
        by_id(c, select_stores("WHERE s.id = $1")) {}

  Connection& conn;
  Statement in_city, in_box, scan_names, by_id;
};

PgStoreSearch::PgStoreSearch(Database& db, int short_query_scan_rows)
    : statements_(db, "store_search"), short_query_scan_rows_(short_query_scan_rows) {}
PgStoreSearch::~PgStoreSearch() = default;

Result<std::vector<Store>> PgStoreSearch::search(const NameSearch& q) {
  return statements_.with([&](Statements& st) -> Result<std::vector<Store>> {
    std::vector<Store> out;
    const auto* indexed = indexed_group(q.name_groups);
    if (!q.place && indexed == nullptr) {
      // Short words only: the first scan rows' names, matched here, up to the limit.
      auto names = st.scan_names.run({Param(short_query_scan_rows_)});
      if (!names) return std::unexpected(names.error());
      for (int i = 0; i < names->size() && std::cmp_less(out.size(), q.limit); ++i) {
        if (!name_matches(names->text(i, 1), q.name_groups)) continue;
        if (auto read = append_stores(st.by_id.run({Param(names->int64(i, 0))}), out); !read)
          return std::unexpected(read.error());
      }
      return out;
    }
    std::vector<Param> params;
    Statement* chosen = nullptr;
    if (q.place && q.place->is_area) {
      const auto box = bbox_around(q.place->centre, q.radius_km);
      params = {Param(float_text(box.min_lng)), Param(float_text(box.min_lat)), Param(float_text(box.max_lng)),
                Param(float_text(box.max_lat))};
      chosen = &st.in_box;
    } else if (q.place) {
      params = {Param(q.place->prefecture_code), Param(q.place->city)};
      chosen = &st.in_city;
    } else {
      return by_index(st.conn, *indexed, q);
    }
    append_group_params(params, q.name_groups);
    params.emplace_back(q.limit);
    if (auto ok = append_stores(chosen->run(params), out); !ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage::postgres
