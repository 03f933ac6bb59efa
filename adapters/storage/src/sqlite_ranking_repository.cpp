#include "pokeca/storage/sqlite_ranking_repository.hpp"

#include "pokeca/storage/statement.hpp"

namespace pokeca::storage {

struct SqliteRankingRepository::Statements {
  // Reads the approved submissions from their partial index by approval time.
  explicit Statements(Connection& c)
      : totals(c,
               "SELECT u.id, u.nickname, u.prefecture, sum(s.points_awarded), count(*), max(s.reviewed_at)"
               " FROM store_submissions AS s JOIN users AS u ON u.id = s.user_id"
               " WHERE s.status = 'approved' AND s.reviewed_at >= :since"
               " AND u.withdrawn_at IS NULL AND u.blocked = 0"
               " GROUP BY u.id HAVING sum(s.points_awarded) > 0") {}

  Statement totals;
};

SqliteRankingRepository::SqliteRankingRepository(Database& db) : statements_(db) {}
SqliteRankingRepository::~SqliteRankingRepository() = default;

Result<std::vector<ContributorTotals>> SqliteRankingRepository::contributor_totals(UnixSeconds approved_since) {
  return statements_.with([&](Statements& st) -> Result<std::vector<ContributorTotals>> {
    std::vector<ContributorTotals> out;
    auto ok = st.totals.bind_int(":since", approved_since).each([&](const Row& row) {
      out.push_back(
          {row.int64(0), std::string(row.text(1)), std::string(row.text(2)), row.int64(3), row.int64(4), row.int64(5)});
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
