#pragma once
// LotteryRepository over PostgreSQL: the lotteries table (migration 006), joined with stores
// for the lists; each insert with its checks, and each review with its admin_audit row, in
// one SERIALIZABLE transaction (run again on a serialization failure).
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgLotteryRepository final : public LotteryRepository {
 public:
  explicit PgLotteryRepository(Database& db);  // throws StorageError
  ~PgLotteryRepository() override;

  Result<LotteryEntry> insert(LotteryEntry entry, const LotteryInsertRules& rules) override;
  Result<std::vector<LotteryListing>> list_open(const LotteryFilter& filter, UnixSeconds now) override;
  Result<AdminPage<LotteryListing>> list_for_review(std::optional<LotteryStatus> status, int limit,
                                                    std::int64_t offset) override;
  Result<std::optional<LotteryEntry>> find(LotteryId id) override;
  Result<std::optional<LotteryEntry>> change(LotteryId id, const LotteryDecision& decide) override;
  Result<void> insert_demo(const std::vector<LotteryEntry>& entries) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
