#include "pokeca/storage/postgres/pg_ranking_repository.hpp"

#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

struct PgRankingRepository::Statements {
  // Approved store submissions and approved lottery entries count alike: each is one
  // approved contribution with its points. An entry hidden after its approval keeps them:
  // points once awarded are never taken back.
  explicit Statements(Connection& c)
      : totals(c,
               "SELECT u.id, u.nickname, u.prefecture, sum(a.points), count(*), max(a.reviewed_at)"
               " FROM (SELECT user_id, points_awarded AS points, reviewed_at FROM store_submissions"
               "       WHERE status = 'approved' AND reviewed_at >= $1"
               "       UNION ALL SELECT author_id, points_awarded, reviewed_at FROM lotteries"
               "       WHERE points_awarded > 0 AND reviewed_at >= $1) AS a"
               " JOIN users AS u ON u.id = a.user_id"
               " WHERE u.withdrawn_at IS NULL AND NOT u.blocked"
               " GROUP BY u.id HAVING sum(a.points) > 0") {}

  Statement totals;
};

PgRankingRepository::PgRankingRepository(Database& db) : statements_(db, "ranking") {}
PgRankingRepository::~PgRankingRepository() = default;

Result<std::vector<ContributorTotals>> PgRankingRepository::contributor_totals(UnixSeconds approved_since) {
  return statements_.with([&](Statements& st) -> Result<std::vector<ContributorTotals>> {
    auto rows = st.totals.run({approved_since});
    if (!rows) return std::unexpected(rows.error());
    std::vector<ContributorTotals> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i)
      out.push_back({rows->int64(i, 0), std::string(rows->text(i, 1)), std::string(rows->text(i, 2)), rows->int64(i, 3),
                     rows->int64(i, 4), rows->int64(i, 5)});
    return out;
  });
}

}  // namespace pokeca::storage::postgres
