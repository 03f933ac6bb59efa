#pragma once
// JobSchedule over PostgreSQL (migration 012's job_runs): one atomic upsert per claim, so of
// the servers that ask at once exactly one gets the run.
#include "pokeca/shared/job_schedule.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgJobSchedule final : public JobSchedule {
 public:
  explicit PgJobSchedule(Database& db);  // throws StorageError
  ~PgJobSchedule() override;

  Result<bool> claim(std::string_view job, UnixSeconds interval, UnixSeconds now) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
