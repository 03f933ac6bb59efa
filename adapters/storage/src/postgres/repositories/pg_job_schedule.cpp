#include "pokeca/storage/postgres/pg_job_schedule.hpp"

#include <string>

#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

struct PgJobSchedule::Statements {
  explicit Statements(Connection& c)
      :  // A row back: the run is the caller's (a first run, or the last claim is an interval old).
        claim(c,
              "INSERT INTO job_runs AS j (name, claimed_at) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE"
              " SET claimed_at = $2 WHERE j.claimed_at <= $2::bigint - $3::bigint RETURNING 1") {}

  Statement claim;
};

PgJobSchedule::PgJobSchedule(Database& db) : statements_(db, "job_schedule") {}
PgJobSchedule::~PgJobSchedule() = default;

Result<bool> PgJobSchedule::claim(std::string_view job, UnixSeconds interval, UnixSeconds now) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto claimed = st.claim.run({std::string(job), now, interval});
    if (!claimed) return std::unexpected(claimed.error());
    return !claimed->empty();
  });
}

}  // namespace pokeca::storage::postgres
