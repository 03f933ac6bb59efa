#include "pokeca/storage/postgres/pg_lottery_calendar_repository.hpp"

#include <algorithm>
#include <string>

#include "pokeca/shared/prefectures.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/lottery_rows.hpp"

namespace pokeca::storage::postgres {

struct PgLotteryCalendarRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        token_created(c, "SELECT created_at FROM calendar_feeds WHERE user_id = $1"),
        prefectures(c, "SELECT prefecture FROM calendar_prefectures WHERE user_id = $1"),
        clear_prefectures(c, "DELETE FROM calendar_prefectures WHERE user_id = $1"),
        add_prefecture(c, "INSERT INTO calendar_prefectures (user_id, prefecture) VALUES ($1, $2)"),
        set_token(c,
                  "INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, $3)"
                  " ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash,"
                  " created_at = excluded.created_at"),
        revoke(c, "DELETE FROM calendar_feeds WHERE user_id = $1"),
        owner(c,
              "SELECT f.user_id, f.token_hash FROM calendar_feeds AS f JOIN users AS u ON u.id = f.user_id"
              " WHERE f.token_hash = $1 AND NOT u.blocked AND u.withdrawn_at IS NULL"),
        // Open entries are few (the list's index walks them by deadline); each is kept when
        // its store is a favourite or lies in a chosen prefecture.
        feed(c, lottery_listing_select() +
                    " WHERE l.status = 'approved' AND l.apply_end > $2 AND s.status = 'active'"
                    " AND (l.store_id IN (SELECT store_id FROM favorites WHERE user_id = $1)"
                    " OR s.prefecture IN (SELECT prefecture FROM calendar_prefectures WHERE user_id = $1))"
                    " ORDER BY l.apply_end, l.id LIMIT $3") {}

  Connection& conn;
  Statement token_created, prefectures, clear_prefectures, add_prefecture, set_token, revoke, owner, feed;
};

PgLotteryCalendarRepository::PgLotteryCalendarRepository(Database& db) : statements_(db, "calendar") {}
PgLotteryCalendarRepository::~PgLotteryCalendarRepository() = default;

Result<CalendarSettings> PgLotteryCalendarRepository::settings(UserId user) {
  return statements_.with([&](Statements& st) -> Result<CalendarSettings> {
    CalendarSettings out;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      out = {};
      auto created = st.token_created.run({user});
      if (!created) return std::unexpected(created.error());
      if (!created->empty()) out.token_created_at = created->int64(0, 0);
      auto rows = st.prefectures.run({user});
      if (!rows) return std::unexpected(rows.error());
      std::vector<std::string> chosen;
      chosen.reserve(rows->count());
      for (int i = 0; i < rows->size(); ++i) chosen.emplace_back(rows->text(i, 0));
      // In the prefectures' own order (north to south), as every list of them is shown.
      for (const auto& p : all_prefectures())
        if (std::ranges::find(chosen, p.code) != chosen.end()) out.prefectures.emplace_back(p.code);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<void> PgLotteryCalendarRepository::set_prefectures(UserId user, const std::vector<std::string>& codes) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      if (auto ok = st.clear_prefectures.run({user}); !ok) return std::unexpected(ok.error());
      for (const auto& code : codes)
        if (auto ok = st.add_prefecture.run({user, code}); !ok) return std::unexpected(ok.error());
      return {};
    });
  });
}

Result<void> PgLotteryCalendarRepository::set_token(UserId user, std::string_view token_hash, UnixSeconds at) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto ok = st.set_token.run({user, std::string(token_hash), at});
    if (!ok) return std::unexpected(ok.error());
    return {};
  });
}

Result<void> PgLotteryCalendarRepository::revoke_token(UserId user) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto ok = st.revoke.run({user});
    if (!ok) return std::unexpected(ok.error());
    return {};
  });
}

Result<std::optional<CalendarOwner>> PgLotteryCalendarRepository::find_by_token(std::string_view token_hash) {
  return statements_.with([&](Statements& st) -> Result<std::optional<CalendarOwner>> {
    auto rows = st.owner.run({std::string(token_hash)});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::optional<CalendarOwner>{};
    return std::optional<CalendarOwner>{CalendarOwner{rows->int64(0, 0), std::string(rows->text(0, 1))}};
  });
}

Result<std::vector<LotteryListing>> PgLotteryCalendarRepository::feed_entries(UserId user, UnixSeconds now, int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<LotteryListing>> {
    auto rows = st.feed.run({user, now, limit});
    if (!rows) return std::unexpected(rows.error());
    std::vector<LotteryListing> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back(read_lottery_listing(*rows, i));
    return out;
  });
}

}  // namespace pokeca::storage::postgres
