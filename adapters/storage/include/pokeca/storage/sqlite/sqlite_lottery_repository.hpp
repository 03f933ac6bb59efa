#pragma once
// LotteryRepository over SQLite: the lotteries table (migration 015), joined with stores
// for the lists; each review with its admin_audit row in one transaction.
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteLotteryRepository final : public LotteryRepository {
 public:
  explicit SqliteLotteryRepository(Database& db);  // throws StorageError
  ~SqliteLotteryRepository() override;

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

}  // namespace pokeca::storage
