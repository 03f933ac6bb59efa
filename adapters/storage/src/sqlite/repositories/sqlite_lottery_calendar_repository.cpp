#include "pokeca/storage/sqlite/sqlite_lottery_calendar_repository.hpp"

#include <algorithm>
#include <string>

#include "pokeca/shared/prefectures.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/lottery_rows.hpp"

namespace pokeca::storage {

struct SqliteLotteryCalendarRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        token_created(c, "SELECT created_at FROM calendar_feeds WHERE user_id = :user"),
        prefectures(c, "SELECT prefecture FROM calendar_prefectures WHERE user_id = :user"),
        clear_prefectures(c, "DELETE FROM calendar_prefectures WHERE user_id = :user"),
        add_prefecture(c, "INSERT INTO calendar_prefectures (user_id, prefecture) VALUES (:user, :prefecture)"),
        set_token(c,
                  "INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (:user, :hash, :at)"
                  " ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash,"
                  " created_at = excluded.created_at"),
        revoke(c, "DELETE FROM calendar_feeds WHERE user_id = :user"),
        owner(c,
              "SELECT f.user_id, f.token_hash FROM calendar_feeds AS f JOIN users AS u ON u.id = f.user_id"
              " WHERE f.token_hash = :hash AND u.blocked = 0 AND u.withdrawn_at IS NULL"),
        // Open entries are few (the list's index walks them by deadline); each is kept when
        // its store is a favourite or lies in a chosen prefecture.
        feed(c, open_lottery_listing_select() +
                    " WHERE l.status = 'approved' AND l.apply_end > :now AND s.status = 'active'"
                    " AND (l.store_id IN (SELECT store_id FROM favorites WHERE user_id = :user)"
                    " OR s.prefecture IN (SELECT prefecture FROM calendar_prefectures WHERE user_id = :user))"
                    " ORDER BY l.apply_end, l.id LIMIT :limit") {}

  Connection& conn;
  Statement token_created, prefectures, clear_prefectures, add_prefecture, set_token, revoke, owner, feed;
};

SqliteLotteryCalendarRepository::SqliteLotteryCalendarRepository(Database& db) : statements_(db, "calendar") {}
SqliteLotteryCalendarRepository::~SqliteLotteryCalendarRepository() = default;

Result<CalendarSettings> SqliteLotteryCalendarRepository::settings(UserId user) {
  return statements_.with([&](Statements& st) -> Result<CalendarSettings> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    CalendarSettings out;
    auto ok =
        st.token_created.bind_int(":user", user).each([&](const Row& row) { out.token_created_at = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    std::vector<std::string> chosen;
    ok = st.prefectures.bind_int(":user", user).each([&](const Row& row) { chosen.emplace_back(row.text(0)); });
    if (!ok) return std::unexpected(ok.error());
    // In the prefectures' own order (north to south), as every list of them is shown.
    for (const auto& p : all_prefectures())
      if (std::ranges::find(chosen, p.code) != chosen.end()) out.prefectures.emplace_back(p.code);
    return out;
  });
}

Result<void> SqliteLotteryCalendarRepository::set_prefectures(UserId user, const std::vector<std::string>& codes) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    if (auto ok = st.clear_prefectures.bind_int(":user", user).run(); !ok) return ok;
    for (const auto& code : codes)
      if (auto ok = st.add_prefecture.bind_int(":user", user).bind_text(":prefecture", code).run(); !ok) return ok;
    return tx->commit();
  });
}

Result<void> SqliteLotteryCalendarRepository::set_token(UserId user, std::string_view token_hash, UnixSeconds at) {
  return statements_.with([&](Statements& st) {
    return st.set_token.bind_int(":user", user).bind_text(":hash", token_hash).bind_int(":at", at).run();
  });
}

Result<void> SqliteLotteryCalendarRepository::revoke_token(UserId user) {
  return statements_.with([&](Statements& st) { return st.revoke.bind_int(":user", user).run(); });
}

Result<std::optional<CalendarOwner>> SqliteLotteryCalendarRepository::find_by_token(std::string_view token_hash) {
  return statements_.with([&](Statements& st) -> Result<std::optional<CalendarOwner>> {
    std::optional<CalendarOwner> out;
    auto ok = st.owner.bind_text(":hash", token_hash).each([&](const Row& row) {
      out = CalendarOwner{row.int64(0), std::string(row.text(1))};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::vector<LotteryListing>> SqliteLotteryCalendarRepository::feed_entries(UserId user, UnixSeconds now,
                                                                                  int limit) {
  return statements_.with([&](Statements& st) -> Result<std::vector<LotteryListing>> {
    std::vector<LotteryListing> out;
    auto ok = st.feed.bind_int(":user", user).bind_int(":now", now).bind_int(":limit", limit).each([&](const Row& row) {
      out.push_back(read_lottery_listing(row));
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
