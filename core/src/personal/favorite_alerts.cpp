#include "pokeca/personal/favorite_alerts.hpp"

#include <cstdio>
#include <limits>
#include <vector>

#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/push_messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kTokenPrefix = "fa-unsub:";
// Signed together with the payload: a signature made for anything else never matches.
constexpr std::string_view kSigningPurpose = "pokeca favorite-alert unsubscribe v1|";

// Ids and issue times in an unsubscribe or off token: whole, non-negative numbers.
constexpr std::int64_t kMaxTokenNumber = std::numeric_limits<std::int64_t>::max();

}  // namespace

std::string_view alert_product_label(Product p) {
  switch (p) {
    case Product::kPack: return "パック";
    case Product::kBox: return "ボックス";
    case Product::kSingle: return "シングル";
  }
  return "";
}

std::string alert_clock_text(UnixSeconds t) {
  const auto jt = japan_date_time(t);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%u月%u日 %02u:%02u", jt.month, jt.day, jt.hour, jt.minute);
  return buf;
}

AlertLimits alert_limits_at(UnixSeconds now) {
  return {now - kAlertPerStoreIntervalSeconds, now - kAlertDaySeconds, kMaxAlertsPerUserPerDay};
}

std::string make_unsubscribe_token(UserId user, UnixSeconds issued_at, const TokenCrypto& crypto) {
  const std::string payload = std::string(kTokenPrefix) + std::to_string(user) + ":" + std::to_string(issued_at);
  return base64url_encode(payload) + "." + base64url_encode(crypto.sign(std::string(kSigningPurpose) + payload));
}

std::optional<UserId> read_unsubscribe_token(std::string_view token, const TokenCrypto& crypto, UnixSeconds now) {
  if (token.empty() || token.size() > kMaxUnsubscribeTokenChars) return std::nullopt;
  const auto dot = token.find('.');
  if (dot == std::string_view::npos || token.find('.', dot + 1) != std::string_view::npos) return std::nullopt;
  const auto payload = base64url_decode(token.substr(0, dot));
  const auto signature = base64url_decode(token.substr(dot + 1));
  if (!payload || !signature) return std::nullopt;
  if (!crypto.verify(std::string(kSigningPurpose) + *payload, *signature)) return std::nullopt;
  std::string_view rest = *payload;
  if (!rest.starts_with(kTokenPrefix)) return std::nullopt;
  rest.remove_prefix(kTokenPrefix.size());
  const auto colon = rest.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto user = parse_integer_in<std::int64_t>(rest.substr(0, colon), 0, kMaxTokenNumber);
  const auto issued = parse_integer_in<std::int64_t>(rest.substr(colon + 1), 0, kMaxTokenNumber);
  if (!user || !issued || *user <= 0) return std::nullopt;
  if (*issued > now + kAlertDaySeconds || now - *issued > kUnsubscribeTokenLifetimeSeconds) return std::nullopt;
  return user;
}

std::string FavoriteAlerts::unsubscribe_api_url(std::string_view token) const {
  return base_url_ + "/api/v1/alerts/unsubscribe?token=" + std::string(token);
}

MailMessage FavoriteAlerts::alert_mail(const AlertRecipient& to, const PurchaseReport& report,
                                       const Store& store) const {
  const auto token = make_unsubscribe_token(to.user_id, deps_.clock.now(), deps_.crypto);
  const auto* pref = find_prefecture(store.prefecture);
  std::string place = pref ? std::string(pref->name) : std::string();
  place += store.city;
  std::string product(alert_product_label(report.product));
  if (!report.product_name.empty()) product += "（" + report.product_name + "）";
  auto body = fill_placeholder(msg::kFavoriteAlertBody, "{store}", store.name);
  body = fill_placeholder(body, "{place}", place);
  body = fill_placeholder(body, "{product}", product);
  body = fill_placeholder(body, "{time}", alert_clock_text(report.purchased_at));
  body = fill_placeholder(body, "{store_url}", base_url_ + "/map?store=" + std::to_string(store.id));
  body = fill_placeholder(body, "{unsubscribe_url}", base_url_ + "/alerts/unsubscribe?token=" + token);
  body = fill_placeholder(body, "{settings_url}", base_url_ + "/profile");
  MailMessage m;
  m.idempotency_key =
      std::string(kFavoriteAlertKind) + ":report:" + std::to_string(report.id) + ":user:" + std::to_string(to.user_id);
  m.kind = kFavoriteAlertKind;
  m.user_id = to.user_id;
  m.mail = Mail{to.email, fill_placeholder(msg::kFavoriteAlertSubject, "{store}", store.name), std::move(body),
                unsubscribe_api_url(token)};
  return m;
}

PushNotice FavoriteAlerts::alert_push(UserId to, const PurchaseReport& report, const Store& store) const {
  std::string product(alert_product_label(report.product));
  if (!report.product_name.empty()) product += "（" + report.product_name + "）";
  PushNotice n;
  // The same logical alert as the mail: one push per report and user, whatever retries.
  n.idempotency_key =
      std::string(kFavoriteAlertKind) + ":report:" + std::to_string(report.id) + ":user:" + std::to_string(to);
  n.kind = kFavoriteAlertKind;
  n.user_id = to;
  n.title = fill_placeholder(msg::kPushFavoriteAlertTitle, "{store}", store.name);
  n.body = fill_placeholders(msg::kPushFavoriteAlertBody,
                             {{"{product}", product}, {"{time}", alert_clock_text(report.purchased_at)}});
  n.url = "/map?store=" + std::to_string(store.id);
  n.off_url = "/alerts/unsubscribe?token=" + make_unsubscribe_token(to, deps_.clock.now(), deps_.crypto);
  return n;
}

Result<int> FavoriteAlerts::queue_for_report(const PurchaseReport& report, const Store& store) {
  if (report.kind != ReportKind::kBought || !report.user_id || report.id <= 0) return 0;
  auto recipients = deps_.favorites.alert_recipients(store.id, *report.user_id);
  if (!recipients) return std::unexpected(recipients.error());
  if (recipients->empty()) return 0;
  const auto now = deps_.clock.now();
  const auto limits = alert_limits_at(now);
  if (push_ == nullptr) {
    std::vector<AlertMail> mails;
    mails.reserve(recipients->size());
    for (const auto& to : *recipients)
      mails.push_back({to.user_id, store.id, report.id, alert_mail(to, report, store)});
    return deps_.queue.queue_alerts(mails, limits, now);
  }
  // With push: each recipient's channels decide; the limits are the alert's, whichever
  // channels carry it, so each recipient is checked (and recorded) on its own and the
  // push goes only when the limits let the alert through.
  int queued = 0;
  for (const auto& to : *recipients) {
    auto channels = push_->channels(to.user_id);
    if (!channels) return std::unexpected(channels.error());
    if (!channels->mail && !channels->push) continue;
    AlertMail one{to.user_id, store.id, report.id, alert_mail(to, report, store), channels->mail};
    auto passed = deps_.queue.queue_alerts(std::span(&one, 1), limits, now);
    if (!passed) return std::unexpected(passed.error());
    if (*passed == 0) continue;
    ++queued;
    if (channels->push) {
      if (auto pushed = push_->queue_notice(alert_push(to.user_id, report, store)); !pushed)
        return std::unexpected(pushed.error());
    }
  }
  return queued;
}

void FavoriteAlerts::report_stored(const PurchaseReport& report, const Store& store) noexcept {
  try {
    auto queued = queue_for_report(report, store);
    if (!queued && on_error) on_error(queued.error());
  } catch (...) {  // NOLINT(bugprone-empty-catch): a courtesy mail must never fail a stored report
  }
}

Result<void> FavoriteAlerts::unsubscribe(std::string_view token) {
  const auto user = read_unsubscribe_token(token, deps_.crypto, deps_.clock.now());
  if (!user) return fail(ErrorCode::kBadRequest, msg::kBadUnsubscribeToken);
  auto ok = deps_.users.set_favorite_alerts(*user, false);
  // A withdrawn account's settings are already gone: same answer.
  if (!ok && ok.error().code == ErrorCode::kNotFound) return {};
  return ok;
}

}  // namespace pokeca
