#include "pokeca/shared/push_queue.hpp"

#include <algorithm>

#include "pokeca/shared/text.hpp"

namespace pokeca {

UnixSeconds push_retry_delay(int attempts) {
  UnixSeconds delay = kPushRetryBaseSeconds;
  for (int i = 1; i < attempts && delay < kPushRetryMaxSeconds; ++i) delay *= 2;
  return std::min(delay, kPushRetryMaxSeconds);
}

std::string push_payload(const PushNotice& notice) {
  std::string out = "{\"title\":";
  append_json_string(out, notice.title);
  out += ",\"body\":";
  append_json_string(out, notice.body);
  out += ",\"url\":";
  append_json_string(out, notice.url);
  if (!notice.off_url.empty()) {
    out += ",\"off\":";
    append_json_string(out, notice.off_url);
  }
  // Notifications with the same tag replace each other on the device: one per notice.
  out += ",\"tag\":";
  append_json_string(out, notice.idempotency_key);
  out += "}";
  return out;
}

Result<PushReport> PushDelivery::deliver_one() {
  const auto now = clock_.now();
  auto claimed = queue_.claim_next_push(now, now + kPushClaimLeaseSeconds);
  if (!claimed) return std::unexpected(claimed.error());
  if (!*claimed) return PushReport{};
  const QueuedPush& push = **claimed;
  PushReport report{PushOutcome::kSent, push.id, push.notice.kind, {}};
  const auto result =
      sender_.send({push.target, push_payload(push.notice), kPushTimeToLiveSeconds, PushUrgency::kNormal});
  report.detail = result.detail;
  Result<void> ok;
  switch (result.status) {
    case PushStatus::kDelivered: ok = queue_.mark_push_sent(push.id, clock_.now()); break;
    case PushStatus::kGone:
      report.outcome = PushOutcome::kSubscriptionGone;
      ok = queue_.drop_subscription(push.subscription_id);
      break;
    case PushStatus::kRejected:
      report.outcome = PushOutcome::kGaveUp;
      ok = queue_.mark_push_failed(push.id, clock_.now(), result.detail);
      break;
    case PushStatus::kRetryLater:
      if (push.attempts >= kMaxPushAttempts) {
        report.outcome = PushOutcome::kGaveUp;
        ok = queue_.mark_push_failed(push.id, clock_.now(), result.detail);
      } else {
        report.outcome = PushOutcome::kRetryLater;
        ok = queue_.mark_push_retry(push.id, clock_.now() + push_retry_delay(push.attempts), result.detail);
      }
      break;
  }
  if (!ok) return std::unexpected(ok.error());
  return report;
}

}  // namespace pokeca
