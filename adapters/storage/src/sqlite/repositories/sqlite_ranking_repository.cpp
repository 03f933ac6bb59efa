#include "pokeca/storage/sqlite/sqlite_ranking_repository.hpp"

#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

struct SqliteRankingRepository::Statements {
  // Approved store submissions (from their partial index by approval time) and approved
  // lottery entries count alike: each is one approved contribution with its points. An
  // entry hidden after its approval keeps them: points once awarded are never taken back.
  explicit Statements(Connection& c)
      : totals(c,
               "SELECT u.id, u.nickname, u.prefecture, sum(a.points), count(*), max(a.reviewed_at)"
               " FROM (SELECT user_id, points_awarded AS points, reviewed_at FROM store_submissions"
               "       WHERE status = 'approved' AND reviewed_at >= :since"
               "       UNION ALL SELECT author_id, points_awarded, reviewed_at FROM lotteries"
               "       WHERE points_awarded > 0 AND reviewed_at >= :since) AS a"
               " JOIN users AS u ON u.id = a.user_id"
               " WHERE u.withdrawn_at IS NULL AND u.blocked = 0"
               " GROUP BY u.id HAVING sum(a.points) > 0") {}

  Statement totals;
};

SqliteRankingRepository::SqliteRankingRepository(Database& db) : statements_(db, "ranking") {}
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
