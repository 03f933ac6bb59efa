#pragma once
// The storage ports of area watches (area_watch.hpp) and of their alerts.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/personal/area_watch.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/shared/mail_queue.hpp"

namespace pokeca {

// A watch that may want an event, with what its owner's alert needs.
struct WatchCandidate {
  AreaWatch watch;
  std::string email;
  QuietHours quiet;
};

class WatchRepository {
 public:
  virtual ~WatchRepository() = default;
  // In one write transaction: nullopt (nothing written) when the user already has
  // `max_per_user` watches; else the stored watch with its id.
  virtual Result<std::optional<AreaWatch>> insert(const AreaWatch& watch, int max_per_user) = 0;
  // The user's watch `watch.id` replaced by `watch` (created_at kept); nullopt when the
  // user has no such watch.
  virtual Result<std::optional<AreaWatch>> update(const AreaWatch& watch) = 0;
  // false when the user has no such watch.
  virtual Result<bool> remove(UserId user, WatchId id) = 0;
  // Oldest first (then id).
  virtual Result<std::vector<AreaWatch>> list(UserId user) = 0;
  // Turns one watch (or, with nullopt, every watch) of the user off; how many changed.
  virtual Result<int> switch_off(UserId user, std::optional<WatchId> id, UnixSeconds at) = 0;
  // The user's quiet hours (the defaults when never set).
  virtual Result<QuietHours> quiet_hours(UserId user) = 0;
  virtual Result<void> set_quiet_hours(UserId user, const QuietHours& quiet) = 0;
  // Active watches whose prefecture is `prefecture` or whose point is kept under one of
  // `cells` (watch_cell), of accounts with a verified e-mail that are neither blocked nor
  // withdrawn, except `except`'s. One indexed read per kind of area, never a scan.
  virtual Result<std::vector<WatchCandidate>> candidates(std::string_view prefecture,
                                                         std::span<const std::int64_t> cells, UserId except) = 0;
};

// One alert mail about one event for one user, from the first of their watches it matched.
struct WatchAlertMail {
  UserId user_id = 0;
  WatchId watch_id = 0;
  StoreId store_id = 0;
  UnixSeconds send_at = 0;  // not before (the end of the user's quiet hours)
  MailMessage message;
  // false: the user switched the mail channel off (push only); the alert is checked and
  // recorded against the limits, but no mail is queued.
  bool send_mail = true;
};

class WatchAlertQueue {
 public:
  virtual ~WatchAlertQueue() = default;
  // Each mail, checked and queued in one write transaction like
  // FavoriteAlertQueue::queue_alerts: skipped when this watch alerted about this store
  // since limits.per_store_since, when a favourite-store alert about it went to the user
  // since then, or when the user had limits.max_per_day alerts (watch and favourite
  // together) since limits.per_day_since, or when its key was queued before; else logged
  // and put in the mail queue, due at send_at. Returns how many were queued.
  virtual Result<int> queue_watch_alerts(std::span<const WatchAlertMail> mails, const AlertLimits& limits,
                                         UnixSeconds now) = 0;
};

}  // namespace pokeca
