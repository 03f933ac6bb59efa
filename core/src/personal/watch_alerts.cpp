#include "pokeca/personal/watch_alerts.hpp"

#include <cstdio>
#include <limits>
#include <set>
#include <span>

#include "pokeca/personal/watch_messages.hpp"
#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "pokeca/shared/push_messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {
namespace {

constexpr std::string_view kTokenPrefix = "wa-off:";
// Signed together with the payload: a signature made for anything else never matches.
constexpr std::string_view kSigningPurpose = "pokeca area-watch off v1|";

std::string report_product_text(const PurchaseReport& report) {
  std::string product(alert_product_label(report.product));
  if (!report.product_name.empty()) product += "・" + report.product_name;
  return product;
}

// Ids and issue times in an off token: whole, non-negative numbers.
constexpr std::int64_t kMaxTokenNumber = std::numeric_limits<std::int64_t>::max();

}  // namespace

WatchedEvent watched_event_of(const PurchaseReport& report, const Store& store) {
  return WatchedEvent{.kind = WatchEvent::kBought,
                      .store_id = store.id,
                      .prefecture = store.prefecture,
                      .location = store.location,
                      .product = report.product,
                      .catalog_product = report.product_id};
}

WatchedEvent watched_event_of(const LotteryEntry& entry, const Store& store) {
  return WatchedEvent{.kind = WatchEvent::kLottery,
                      .store_id = store.id,
                      .prefecture = store.prefecture,
                      .location = store.location,
                      .product = std::nullopt,
                      .catalog_product = entry.product_id};
}

std::string make_watch_off_token(const WatchOffTarget& target, UnixSeconds issued_at, const TokenCrypto& crypto) {
  const std::string payload = std::string(kTokenPrefix) + std::to_string(target.user_id) + ":" +
                              std::to_string(target.watch_id.value_or(0)) + ":" + std::to_string(issued_at);
  return base64url_encode(payload) + "." + base64url_encode(crypto.sign(std::string(kSigningPurpose) + payload));
}

std::optional<WatchOffTarget> read_watch_off_token(std::string_view token, const TokenCrypto& crypto, UnixSeconds now) {
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
  const auto c1 = rest.find(':');
  const auto c2 = c1 == std::string_view::npos ? c1 : rest.find(':', c1 + 1);
  if (c2 == std::string_view::npos) return std::nullopt;
  const auto user = parse_integer_in<std::int64_t>(rest.substr(0, c1), 0, kMaxTokenNumber);
  const auto watch = parse_integer_in<std::int64_t>(rest.substr(c1 + 1, c2 - c1 - 1), 0, kMaxTokenNumber);
  const auto issued = parse_integer_in<std::int64_t>(rest.substr(c2 + 1), 0, kMaxTokenNumber);
  if (!user || !watch || !issued || *user <= 0 || *watch < 0) return std::nullopt;
  if (*issued > now + kAlertDaySeconds || now - *issued > kUnsubscribeTokenLifetimeSeconds) return std::nullopt;
  WatchOffTarget target{*user, std::nullopt};
  if (*watch > 0) target.watch_id = watch;
  return target;
}

// ---- WatchAlerts ------------------------------------------------------------------

WatchAlertContent WatchAlerts::alert_content(UserId user, WatchId watch, std::string_view event_key,
                                             std::string_view headline, const Store& store) const {
  const auto* pref = find_prefecture(store.prefecture);
  std::string place = pref ? std::string(pref->name) : std::string();
  place += store.city;
  WatchAlertContent c;
  c.user_id = user;
  c.watch_id = watch;
  c.store_id = store.id;
  c.idempotency_key = std::string(kWatchAlertKind) + ":" + std::string(event_key) + ":user:" + std::to_string(user);
  c.store_url = base_url_ + "/map?store=" + std::to_string(store.id);
  const bool lottery = event_key.starts_with("lottery");
  const auto event = lottery ? msg::kWatchAlertTitleLottery : msg::kWatchAlertTitleBought;
  c.title = fill_placeholders(msg::kWatchAlertTitle, {{"{store}", store.name}, {"{event}", event}});
  c.short_title = fill_placeholders(msg::kPushWatchAlertTitle, {{"{store}", store.name}, {"{event}", event}});
  c.body = fill_placeholders(
      msg::kWatchAlertBody,
      {{"{headline}", headline}, {"{store}", store.name}, {"{place}", place}, {"{store_url}", c.store_url}});
  return c;
}

MailMessage WatchAlerts::alert_mail(const WatchAlertContent& alert, std::string_view email) const {
  const auto now = deps_.clock.now();
  const auto one = make_watch_off_token({alert.user_id, alert.watch_id}, now, deps_.crypto);
  const auto all = make_watch_off_token({alert.user_id, std::nullopt}, now, deps_.crypto);
  MailMessage m;
  m.idempotency_key = alert.idempotency_key;
  m.kind = kWatchAlertKind;
  m.user_id = alert.user_id;
  m.mail =
      Mail{std::string(email), alert.title,
           fill_placeholders(msg::kWatchAlertMailBody, {{"{body}", alert.body},
                                                        {"{off_url}", base_url_ + "/alerts/watch-off?token=" + one},
                                                        {"{all_off_url}", base_url_ + "/alerts/watch-off?token=" + all},
                                                        {"{settings_url}", base_url_ + "/profile"}}),
           off_api_url(one)};
  return m;
}

PushNotice WatchAlerts::alert_push(const WatchAlertContent& alert, std::string_view headline,
                                   UnixSeconds send_at) const {
  PushNotice n;
  n.idempotency_key = alert.idempotency_key;  // one push per event and user, like the mail
  n.kind = kWatchAlertKind;
  n.user_id = alert.user_id;
  n.title = alert.short_title;
  n.body = fill_placeholder(msg::kPushWatchAlertBody, "{headline}", headline);
  n.url = "/map?store=" + std::to_string(alert.store_id);
  // This watch off, as the mail's first link.
  n.off_url = "/alerts/watch-off?token=" +
              make_watch_off_token({alert.user_id, alert.watch_id}, deps_.clock.now(), deps_.crypto);
  n.not_before = send_at;
  return n;
}

std::string WatchAlerts::off_api_url(std::string_view token) const {
  return base_url_ + "/api/v1/watches/off?token=" + std::string(token);
}

Result<std::vector<WatchAlerts::Planned>> WatchAlerts::alerts_for(const WatchedEvent& event, const Store& store,
                                                                  std::string_view event_key, std::string_view headline,
                                                                  UserId author) {
  const auto cells = watch_cells_around(event.location);
  auto candidates = deps_.watches.candidates(event.prefecture, cells, author);
  if (!candidates) return std::unexpected(candidates.error());
  const auto now = deps_.clock.now();
  std::vector<Planned> out;
  std::set<UserId> alerted;  // one alert per user, from the first watch that matched
  for (const auto& c : *candidates) {
    if (c.watch.user_id == author || alerted.contains(c.watch.user_id) || !watch_matches(c.watch, event)) continue;
    alerted.insert(c.watch.user_id);
    out.push_back({alert_content(c.watch.user_id, c.watch.id, event_key, headline, store), c.email,
                   alert_send_time(now, c.quiet)});
  }
  return out;
}

Result<int> WatchAlerts::queue(const WatchedEvent& event, const Store& store, std::string_view event_key,
                               std::string_view headline, UserId author) {
  auto planned = alerts_for(event, store, event_key, headline, author);
  if (!planned) return std::unexpected(planned.error());
  if (planned->empty()) return 0;
  const auto now = deps_.clock.now();
  const auto limits = alert_limits_at(now);
  if (push_ == nullptr) {
    std::vector<WatchAlertMail> mails;
    mails.reserve(planned->size());
    for (const auto& p : *planned)
      mails.push_back(
          {p.content.user_id, p.content.watch_id, p.content.store_id, p.send_at, alert_mail(p.content, p.email)});
    return deps_.queue.queue_watch_alerts(mails, limits, now);
  }
  // With push: each recipient is checked (and recorded) against the limits on its own,
  // and the push goes only when the limits let the alert through.
  int queued = 0;
  for (const auto& p : *planned) {
    auto channels = push_->channels(p.content.user_id);
    if (!channels) return std::unexpected(channels.error());
    if (!channels->mail && !channels->push) continue;
    WatchAlertMail one{
        p.content.user_id, p.content.watch_id, p.content.store_id, p.send_at, alert_mail(p.content, p.email),
        channels->mail};
    auto passed = deps_.queue.queue_watch_alerts(std::span(&one, 1), limits, now);
    if (!passed) return std::unexpected(passed.error());
    if (*passed == 0) continue;
    ++queued;
    if (channels->push) {
      if (auto pushed = push_->queue_notice(alert_push(p.content, headline, p.send_at)); !pushed)
        return std::unexpected(pushed.error());
    }
  }
  return queued;
}

Result<int> WatchAlerts::queue_for_report(const PurchaseReport& report, const Store& store) {
  if (report.kind != ReportKind::kBought || !report.user_id || report.id <= 0) return 0;
  const auto headline = fill_placeholders(
      msg::kWatchAlertBoughtHeadline,
      {{"{product}", report_product_text(report)}, {"{time}", alert_clock_text(report.purchased_at)}});
  return queue(watched_event_of(report, store), store, "report:" + std::to_string(report.id), headline,
               *report.user_id);
}

Result<int> WatchAlerts::queue_for_lottery(const LotteryEntry& entry) {
  if (entry.status != LotteryStatus::kApproved || entry.id <= 0) return 0;
  auto store = deps_.stores.find(entry.store_id);
  if (!store) return std::unexpected(store.error());
  if (!*store) return 0;
  const auto headline = fill_placeholder(msg::kWatchAlertLotteryHeadline, "{product}", entry.product_name);
  return queue(watched_event_of(entry, **store), **store, "lottery:" + std::to_string(entry.id), headline,
               entry.author_id);
}

void WatchAlerts::report_stored(const PurchaseReport& report, const Store& store) noexcept {
  try {
    auto queued = queue_for_report(report, store);
    if (!queued && on_error) on_error(queued.error());
  } catch (...) {  // NOLINT(bugprone-empty-catch): a courtesy mail must never fail a stored report
  }
}

void WatchAlerts::lottery_shown(const LotteryEntry& entry) noexcept {
  try {
    auto queued = queue_for_lottery(entry);
    if (!queued && on_error) on_error(queued.error());
  } catch (...) {  // NOLINT(bugprone-empty-catch): a courtesy mail must never fail a shown entry
  }
}

// ---- WatchService -----------------------------------------------------------------

Result<std::vector<AreaWatch>> WatchService::list(const User& user) { return watches_.list(user.id); }

Result<AreaWatch> WatchService::create(const User& user, const WatchInput& input) {
  auto watch = checked_watch(input);
  if (!watch) return watch;
  watch->user_id = user.id;
  watch->created_at = watch->updated_at = clock_.now();
  auto stored = watches_.insert(*watch, kMaxWatchesPerUser);
  if (!stored) return std::unexpected(stored.error());
  if (!*stored) return fail(ErrorCode::kConflict, msg::kWatchesLimit, kWatchesLimitCode);
  return std::move(**stored);
}

Result<AreaWatch> WatchService::update(const User& user, std::int64_t id, const WatchInput& input) {
  if (id <= 0) return fail(ErrorCode::kBadRequest, msg::kWatchBadId);
  auto watch = checked_watch(input);
  if (!watch) return watch;
  watch->id = id;
  watch->user_id = user.id;
  watch->updated_at = clock_.now();
  auto stored = watches_.update(*watch);
  if (!stored) return std::unexpected(stored.error());
  if (!*stored) return fail(ErrorCode::kNotFound, msg::kWatchNotFound);
  return std::move(**stored);
}

Result<void> WatchService::remove(const User& user, std::int64_t id) {
  if (id <= 0) return fail(ErrorCode::kBadRequest, msg::kWatchBadId);
  auto removed = watches_.remove(user.id, id);
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kWatchNotFound);
  return {};
}

Result<QuietHours> WatchService::quiet_hours(const User& user) { return watches_.quiet_hours(user.id); }

Result<QuietHours> WatchService::set_quiet_hours(const User& user, std::optional<std::int64_t> start,
                                                 std::optional<std::int64_t> end) {
  auto quiet = checked_quiet_hours(start, end);
  if (!quiet) return quiet;
  if (auto ok = watches_.set_quiet_hours(user.id, *quiet); !ok) return std::unexpected(ok.error());
  return quiet;
}

Result<int> WatchService::switch_off(std::string_view token) {
  const auto now = clock_.now();
  const auto target = read_watch_off_token(token, crypto_, now);
  if (!target) return fail(ErrorCode::kBadRequest, msg::kBadWatchOffToken);
  // A withdrawn account's watches are already gone: nothing to turn off, same answer.
  return watches_.switch_off(target->user_id, target->watch_id, now);
}

}  // namespace pokeca
