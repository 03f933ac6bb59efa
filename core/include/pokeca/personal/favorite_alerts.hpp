#pragma once
// Mails about 購入できた reports at a user's favourite stores: opt-in
// (User::favorite_alerts), at most one per store per user per 12 h and five per user a
// day, never about the user's own report, with a signed one-click unsubscribe link.
// The request only queues them (mail_queue.hpp); the mail thread sends them.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/personal/favorites.hpp"
#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/mail_queue.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr UnixSeconds kAlertPerStoreIntervalSeconds = 12 * 3600;  // one per store per user
inline constexpr int kMaxAlertsPerUserPerDay = 5;
inline constexpr UnixSeconds kAlertDaySeconds = 24 * 3600;  // the "day" is the last 24 hours
// How long the unsubscribe link in a mail keeps working.
inline constexpr UnixSeconds kUnsubscribeTokenLifetimeSeconds = 365 * 24 * 3600;
inline constexpr std::size_t kMaxUnsubscribeTokenChars = 256;
inline constexpr std::string_view kFavoriteAlertKind = "favorite_alert";

struct AlertLimits {
  UnixSeconds per_store_since = 0;  // no alert for the same user and store queued since
  UnixSeconds per_day_since = 0;    // fewer than max_per_day alerts for the user queued since
  int max_per_day = kMaxAlertsPerUserPerDay;
};

// [now - 12 h, now - 24 h, 5].
[[nodiscard]] AlertLimits alert_limits_at(UnixSeconds now);

struct AlertMail {
  UserId user_id = 0;
  StoreId store_id = 0;
  ReportId report_id = 0;
  MailMessage message;
  // false: the user switched the mail channel off (push only); the alert is checked and
  // recorded against the limits, but no mail is queued.
  bool send_mail = true;
};

// How every alert (favourite stores, area watches; mail or push) names a report's product
// (「ボックス」) and a time (「11月23日 18:05」, Japan time).
[[nodiscard]] std::string_view alert_product_label(Product p);
[[nodiscard]] std::string alert_clock_text(UnixSeconds t);

class FavoriteAlertQueue {
 public:
  virtual ~FavoriteAlertQueue() = default;
  // Each mail, checked and queued in one write transaction (so two reports at once
  // cannot both pass a limit): skipped when the limits say no or its idempotency key
  // was queued before; else recorded against the limits and put in the mail queue.
  // Returns how many were queued.
  virtual Result<int> queue_alerts(std::span<const AlertMail> mails, const AlertLimits& limits, UnixSeconds now) = 0;
};

// Told about every stored purchase report (PurchaseService), after it committed.
class PurchaseObserver {
 public:
  virtual ~PurchaseObserver() = default;
  virtual void report_stored(const PurchaseReport& report, const Store& store) noexcept = 0;
};

// The unsubscribe token: "<payload>.<signature>", both base64url; the payload is
// "fa-unsub:<user id>:<issued at>" and the HMAC covers a purpose prefix as well, so no
// other signed token (an access token) can pass for one.
[[nodiscard]] std::string make_unsubscribe_token(UserId user, UnixSeconds issued_at, const TokenCrypto& crypto);
// The user id; nullopt when malformed, badly signed or older than the lifetime.
[[nodiscard]] std::optional<UserId> read_unsubscribe_token(std::string_view token, const TokenCrypto& crypto,
                                                           UnixSeconds now);

struct AlertDeps {
  FavoriteRepository& favorites;
  FavoriteAlertQueue& queue;
  UserRepository& users;  // unsubscribe turns User::favorite_alerts off
  const TokenCrypto& crypto;
  const Clock& clock;
};

class FavoriteAlerts final : public PurchaseObserver {
 public:
  // `base_url`: the site's public URL (mail links); a trailing slash is dropped.
  FavoriteAlerts(AlertDeps deps, std::string base_url) : deps_(deps), base_url_(std::move(base_url)) {
    while (base_url_.ends_with('/')) base_url_.pop_back();
  }

  // Queues the alerts a report causes; how many. Only 購入できた reports by an account.
  Result<int> queue_for_report(const PurchaseReport& report, const Store& store);
  // PurchaseObserver: queue_for_report, its errors dropped (the report stands; an
  // alert is a courtesy). The server logs through `on_error` when set.
  void report_stored(const PurchaseReport& report, const Store& store) noexcept override;
  // One-click unsubscribe: kBadRequest for a bad or expired token.
  Result<void> unsubscribe(std::string_view token);

  // The mail for one recipient (exposed for tests).
  [[nodiscard]] MailMessage alert_mail(const AlertRecipient& to, const PurchaseReport& report,
                                       const Store& store) const;
  [[nodiscard]] std::string unsubscribe_api_url(std::string_view token) const;
  // The push notice for one recipient (exposed for tests): the store, product and time;
  // tapping opens the store on the site.
  [[nodiscard]] PushNotice alert_push(UserId to, const PurchaseReport& report, const Store& store) const;

  // Sends the alerts as Web Push too, through `push` (its one queuing entry point), and
  // honours each user's channel switches; null = mail only.
  void send_push_through(PushService* push) { push_ = push; }

  std::function<void(const DomainError&)> on_error;

 private:
  AlertDeps deps_;
  std::string base_url_;
  PushService* push_ = nullptr;
};

}  // namespace pokeca
