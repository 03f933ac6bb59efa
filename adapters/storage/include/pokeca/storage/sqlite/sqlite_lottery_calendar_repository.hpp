#pragma once
// LotteryCalendarRepository over SQLite: calendar_feeds and calendar_prefectures
// (migration 020), and the feed's entries from lotteries, stores and favorites.
#include "pokeca/personal/lottery_calendar.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteLotteryCalendarRepository final : public LotteryCalendarRepository {
 public:
  explicit SqliteLotteryCalendarRepository(Database& db);  // throws StorageError
  ~SqliteLotteryCalendarRepository() override;

  Result<CalendarSettings> settings(UserId user) override;
  Result<void> set_prefectures(UserId user, const std::vector<std::string>& codes) override;
  Result<void> set_token(UserId user, std::string_view token_hash, UnixSeconds at) override;
  Result<void> revoke_token(UserId user) override;
  Result<std::optional<CalendarOwner>> find_by_token(std::string_view token_hash) override;
  Result<std::vector<LotteryListing>> feed_entries(UserId user, UnixSeconds now, int limit) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
