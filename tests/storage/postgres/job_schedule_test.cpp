// Periodic jobs shared by the servers of one database: one server claims a run per interval,
// whichever asks first; of servers asking at once exactly one gets it. Needs a server
// (pg_virtualenv).
#include "pokeca/storage/postgres/pg_job_schedule.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "pokeca/testing/temp_dir.hpp"
#include "postgres_backend.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr UnixSeconds kT0 = 1'763'700'000;

TEST(PostgresJobSchedule, OneServerRunsAJobPerIntervalAndAnotherTakesOverAfterIt) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  Database db_a(conninfo), db_b(conninfo);
  PgJobSchedule a(db_a), b(db_b);
  EXPECT_EQ(a.claim("analytics_sweep", 3600, kT0), true);
  EXPECT_EQ(b.claim("analytics_sweep", 3600, kT0 + 10), false);
  EXPECT_EQ(a.claim("analytics_sweep", 3600, kT0 + 3599), false);  // not even the claimer, early
  EXPECT_EQ(b.claim("other_job", 3600, kT0 + 10), true);           // jobs are apart
  // A is gone: B claims the next interval.
  EXPECT_EQ(b.claim("analytics_sweep", 3600, kT0 + 3600), true);
  EXPECT_EQ(a.claim("analytics_sweep", 3600, kT0 + 3601), false);
}

TEST(PostgresJobSchedule, OfServersAskingAtOnceExactlyOneRuns) {
  pokeca::testing::TempDir dir;
  const auto conninfo = storage::testing::postgres_conninfo_for(dir.path());
  std::vector<std::unique_ptr<Database>> servers;
  for (int i = 0; i < 4; ++i)
    servers.push_back(std::make_unique<Database>(conninfo, DatabaseOptions{.connections = 1}));
  std::vector<std::unique_ptr<PgJobSchedule>> schedules;
  for (auto& db : servers) schedules.push_back(std::make_unique<PgJobSchedule>(*db));
  for (UnixSeconds round = 0; round < 5; ++round) {
    std::atomic<int> runs{0};
    std::vector<std::thread> askers;
    for (auto& s : schedules)
      askers.emplace_back([&, schedule = s.get()] {
        if (schedule->claim("sweep", 60, kT0 + round * 60).value_or(false)) ++runs;
      });
    for (auto& t : askers) t.join();
    EXPECT_EQ(runs, 1) << "round " << round;
  }
}

}  // namespace
}  // namespace pokeca::storage::postgres
