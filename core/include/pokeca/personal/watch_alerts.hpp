#pragma once
// Alerts from area watches: a 購入できた report by an account, or a lottery entry the
// moment it is shown (a trusted author's at once, anyone else's on approval), matched
// against the watches around its store and queued as mail with the limits of the
// favourite-store alerts (favorite_alerts.hpp), held until the end of the user's quiet
// hours. What an alert says (WatchAlertContent) is made apart from how it is sent, so
// another channel takes the same content.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/personal/watch_ports.hpp"

namespace pokeca {

inline constexpr std::string_view kWatchAlertKind = "watch_alert";

// What one alert says to one user, whatever carries it.
struct WatchAlertContent {
  UserId user_id = 0;
  WatchId watch_id = 0;
  StoreId store_id = 0;
  std::string idempotency_key;  // one alert per event per user
  std::string title;
  std::string short_title;  // without the site's name: a notification shows the app's
  std::string body;         // a few lines of plain text
  std::string store_url;    // the store on the site's map
};

// The event a report makes (the one place a report's fields become a WatchedEvent).
[[nodiscard]] WatchedEvent watched_event_of(const PurchaseReport& report, const Store& store);
[[nodiscard]] WatchedEvent watched_event_of(const LotteryEntry& entry, const Store& store);

// The one-click "off" token: "<payload>.<signature>", both base64url; the payload is
// "wa-off:<user>:<watch id, 0 = all>:<issued at>" and the HMAC covers a purpose prefix of
// its own, so neither an access token nor a favourite-alert token passes for one.
struct WatchOffTarget {
  UserId user_id = 0;
  std::optional<WatchId> watch_id;  // nullopt: every watch of the user
};
[[nodiscard]] std::string make_watch_off_token(const WatchOffTarget& target, UnixSeconds issued_at,
                                               const TokenCrypto& crypto);
[[nodiscard]] std::optional<WatchOffTarget> read_watch_off_token(std::string_view token, const TokenCrypto& crypto,
                                                                 UnixSeconds now);

struct WatchAlertDeps {
  WatchRepository& watches;
  WatchAlertQueue& queue;
  StoreRepository& stores;  // a lottery entry's store
  const TokenCrypto& crypto;
  const Clock& clock;
};

class WatchAlerts final : public PurchaseObserver, public LotteryObserver {
 public:
  // `base_url`: the site's public URL (links); a trailing slash is dropped.
  WatchAlerts(WatchAlertDeps deps, std::string base_url) : deps_(deps), base_url_(std::move(base_url)) {
    while (base_url_.ends_with('/')) base_url_.pop_back();
  }

  // The alerts an event causes, one per user (their first matching watch), never to
  // `author`, each with where it goes and when. Exposed for tests and for other channels.
  struct Planned {
    WatchAlertContent content;
    std::string email;
    UnixSeconds send_at = 0;
  };
  Result<std::vector<Planned>> alerts_for(const WatchedEvent& event, const Store& store, std::string_view event_key,
                                          std::string_view headline, UserId author);
  // What an alert says: the one place its words and links are made.
  [[nodiscard]] WatchAlertContent alert_content(UserId user, WatchId watch, std::string_view event_key,
                                                std::string_view headline, const Store& store) const;
  // Queues the mails a report causes; how many. Only 購入できた reports by an account.
  Result<int> queue_for_report(const PurchaseReport& report, const Store& store);
  // Queues the mails a shown lottery entry causes; how many.
  Result<int> queue_for_lottery(const LotteryEntry& entry);

  void report_stored(const PurchaseReport& report, const Store& store) noexcept override;
  void lottery_shown(const LotteryEntry& entry) noexcept override;

  // The mail of one alert, with its one-click links.
  [[nodiscard]] MailMessage alert_mail(const WatchAlertContent& alert, std::string_view email) const;
  // The push notice of one alert: the event and the store in a line, opening the store on
  // tap, held like the mail until `send_at`.
  [[nodiscard]] PushNotice alert_push(const WatchAlertContent& alert, std::string_view headline,
                                      UnixSeconds send_at) const;
  // Sends the alerts as Web Push too, as the favourite alerts do: each recipient's channels
  // decide, and the limits are the alert's whichever channels carry it.
  void send_push_through(PushService* push) { push_ = push; }
  [[nodiscard]] std::string off_api_url(std::string_view token) const;

  std::function<void(const DomainError&)> on_error;

 private:
  Result<int> queue(const WatchedEvent& event, const Store& store, std::string_view event_key,
                    std::string_view headline, UserId author);

  WatchAlertDeps deps_;
  std::string base_url_;
  PushService* push_ = nullptr;
};

// The watches of the signed-in user (GET/POST/PUT/DELETE /watches, PUT /watch_settings)
// and the one-click off link (POST /watches/off).
class WatchService {
 public:
  WatchService(WatchRepository& watches, const TokenCrypto& crypto, const Clock& clock)
      : watches_(watches), crypto_(crypto), clock_(clock) {}

  Result<std::vector<AreaWatch>> list(const User& user);
  // kConflict (kWatchesLimitCode) past kMaxWatchesPerUser.
  Result<AreaWatch> create(const User& user, const WatchInput& input);
  // kNotFound for another user's or no watch.
  Result<AreaWatch> update(const User& user, std::int64_t id, const WatchInput& input);
  Result<void> remove(const User& user, std::int64_t id);
  Result<QuietHours> quiet_hours(const User& user);
  Result<QuietHours> set_quiet_hours(const User& user, std::optional<std::int64_t> start,
                                     std::optional<std::int64_t> end);
  // kBadRequest for a bad or expired token; how many watches it turned off.
  Result<int> switch_off(std::string_view token);

 private:
  WatchRepository& watches_;
  const TokenCrypto& crypto_;
  const Clock& clock_;
};

// The machine code of the 409 past kMaxWatchesPerUser.
inline constexpr std::string_view kWatchesLimitCode = "watches_limit";

}  // namespace pokeca
