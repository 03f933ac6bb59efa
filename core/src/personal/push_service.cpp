#include "pokeca/personal/push_subscriptions.hpp"

#include "pokeca/shared/base64url.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/push_messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

constexpr std::size_t kP256PublicKeyBytes = 65;
constexpr std::size_t kAuthSecretBytes = 16;

bool loopback_http(std::string_view endpoint) {
  for (const std::string_view prefix : {"http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://[::1]:"})
    if (endpoint.starts_with(prefix)) return true;
  return false;
}

// Cuts to at most `max` bytes on a character boundary.
std::string clip(std::string_view text, std::size_t max) {
  if (text.size() <= max) return std::string(text);
  std::size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U) --end;
  return std::string(text.substr(0, end));
}

std::string max_text(std::size_t n) { return std::to_string(n); }

}  // namespace

Result<PushSubscriptionInput> validate_push_subscription(PushSubscriptionInput input,
                                                         const PushServiceOptions& options) {
  const bool https = input.endpoint.starts_with("https://") && input.endpoint.size() > 8;
  if (input.endpoint.size() > kMaxPushEndpointChars || has_control_character(input.endpoint) ||
      input.endpoint.find(' ') != std::string::npos ||
      !(https || (options.allow_insecure_loopback && loopback_http(input.endpoint))))
    return fail(ErrorCode::kBadRequest,
                fill_placeholder(msg::kPushBadEndpoint, "{max}", max_text(kMaxPushEndpointChars)), "push/bad-endpoint");
  const auto key = base64url_decode(input.p256dh);
  const auto auth = base64url_decode(input.auth);
  if (!key || key->size() != kP256PublicKeyBytes || (*key)[0] != 0x04 || !auth || auth->size() != kAuthSecretBytes)
    return fail(ErrorCode::kBadRequest, msg::kPushBadKeys, "push/bad-keys");
  const std::string label(trim_spaces(input.label));
  if (!is_valid_utf8(label) || has_control_character(label) || utf8_length(label) > kMaxPushLabelChars)
    return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kPushBadLabel, "{max}", max_text(kMaxPushLabelChars)),
                "push/bad-label");
  input.label = label.empty() ? std::string(msg::kPushDefaultLabel) : label;
  return input;
}

Result<PushSubscription> PushService::subscribe(UserId user, PushSubscriptionInput input) {
  auto valid = validate_push_subscription(std::move(input), options_);
  if (!valid) return std::unexpected(valid.error());
  return deps_.subscriptions.save_subscription(user, {valid->endpoint, valid->p256dh, valid->auth}, valid->label,
                                               deps_.clock.now(), kMaxPushDevicesPerUser);
}

Result<std::vector<PushSubscription>> PushService::devices(UserId user) {
  return deps_.subscriptions.subscriptions_of(user);
}

Result<void> PushService::remove(UserId user, PushSubscriptionId id) {
  auto removed = deps_.subscriptions.delete_subscription(user, id);
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kPushDeviceNotFound, "push/not-found");
  return {};
}

Result<void> PushService::send_test(UserId user, PushSubscriptionId id) {
  const auto now = deps_.clock.now();
  auto recent = deps_.subscriptions.pushes_queued_since(user, kPushTestKind, now - kPushTestWindowSeconds);
  if (!recent) return std::unexpected(recent.error());
  if (*recent >= kMaxPushTestsPerHour)
    return fail_rate_limited(fill_placeholder(msg::kPushTooManyTests, "{max}", std::to_string(kMaxPushTestsPerHour)),
                             "push/too-many-tests", kPushTestWindowSeconds);
  PushNotice notice{
      std::string(kPushTestKind) + ":" + std::to_string(id) + ":" + std::to_string(now) + ":" + std::to_string(*recent),
      std::string(kPushTestKind),
      user,
      std::string(msg::kPushTestTitle),
      std::string(msg::kPushTestBody),
      "/profile#notifications"};
  auto queued = deps_.queue.enqueue_for_device(notice, id, now);
  if (!queued) return std::unexpected(queued.error());
  if (!*queued) return fail(ErrorCode::kNotFound, msg::kPushDeviceNotFound, "push/not-found");
  if (on_queued) on_queued();
  return {};
}

Result<AlertChannels> PushService::channels(UserId user) { return deps_.subscriptions.alert_channels(user); }

Result<void> PushService::set_channels(UserId user, const AlertChannels& channels) {
  return deps_.subscriptions.set_alert_channels(user, channels);
}

Result<int> PushService::queue_notice(PushNotice notice) {
  auto channels = deps_.subscriptions.alert_channels(notice.user_id);
  if (!channels) return std::unexpected(channels.error());
  if (!channels->push) return 0;
  notice.title = clip(notice.title, kMaxPushTitleBytes);
  notice.body = clip(notice.body, kMaxPushBodyBytes);
  notice.url = clip(notice.url, kMaxPushUrlBytes);
  auto queued = deps_.queue.enqueue_for_user(notice, deps_.clock.now());
  if (queued && *queued > 0 && on_queued) on_queued();
  return queued;
}

}  // namespace pokeca
