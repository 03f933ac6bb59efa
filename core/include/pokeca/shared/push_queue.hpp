#pragma once
// The durable outgoing Web Push queue, the mail queue's sibling (mail_queue.hpp): a
// request only writes one row per (notice, device) into storage; the server's push
// thread claims a row, hands it to the PushSender and marks it sent, retrying with
// backoff. A push service that answers 404/410 has dropped the subscription: the
// subscription is deleted with its queued rows. See docs/decisions/web-push.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/push_sender.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// A try that fails is retried after kPushRetryBaseSeconds · 2^(tries-1), at most
// kPushRetryMaxSeconds later; after kMaxPushAttempts tries the push is given up. An alert
// older than a few hours is worth nothing, so the schedule is shorter than mail's.
inline constexpr int kMaxPushAttempts = 5;
inline constexpr UnixSeconds kPushRetryBaseSeconds = 30;
inline constexpr UnixSeconds kPushRetryMaxSeconds = 30 * 60;
// A claimed push not marked within this time (the process died while sending) is
// claimed again. Longer than any send (the sender times out after 15 s per step).
inline constexpr UnixSeconds kPushClaimLeaseSeconds = 2 * 60;
// How long the push service may hold a message for a device that is offline (RFC 8030
// TTL): a 購入できた alert is stale after half a day.
inline constexpr int kPushTimeToLiveSeconds = 12 * 3600;
// Sent and given-up rows are forgotten after this long (they hold the notice text).
inline constexpr UnixSeconds kSentPushRetentionSeconds = 7 * 24 * 3600;
// Limits of a notice's parts, so every payload fits one encrypted record.
inline constexpr std::size_t kMaxPushTitleBytes = 200;
inline constexpr std::size_t kMaxPushBodyBytes = 1000;
inline constexpr std::size_t kMaxPushUrlBytes = 500;

// What any alert (favourite store, area watch, a test) says, independent of the channel.
// `idempotency_key` names the logical notice: queuing it again does nothing.
struct PushNotice {
  std::string idempotency_key;
  std::string kind;  // "favorite_alert", "push_test", … (for logs)
  UserId user_id = 0;
  std::string title;
  std::string body;
  std::string url;  // a path on the site ("/map?store=12"), opened on tap
  // A path on the site that stops this alert in one tap (the signed off link its mail
  // carries), opened by the notification's 通知をオフ action; empty: the settings page.
  std::string off_url{};
  // Not sent before this time (an alert held until the end of the user's quiet hours);
  // earlier than now, or 0: as soon as possible.
  UnixSeconds not_before = 0;
};

using PushId = std::int64_t;

struct QueuedPush {
  PushId id = 0;
  std::int64_t subscription_id = 0;
  PushTarget target;
  PushNotice notice;
  int attempts = 0;  // including the current one
};

class PushQueue {
 public:
  virtual ~PushQueue() = default;
  // One row per subscription the user has now, in one transaction, keyed by
  // (idempotency key, subscription). Returns how many rows were new.
  virtual Result<int> enqueue_for_user(const PushNotice& notice, UnixSeconds now) = 0;
  // One row for one of the user's devices (a test send); false when the key was queued
  // before or the device is not the notice's user's.
  virtual Result<bool> enqueue_for_device(const PushNotice& notice, std::int64_t subscription_id, UnixSeconds now) = 0;
  // Atomically takes the next due push (pending and due, or claimed by a sender whose
  // claim ran out before `now`), counts the attempt and claims it until `claim_until`.
  virtual Result<std::optional<QueuedPush>> claim_next_push(UnixSeconds now, UnixSeconds claim_until) = 0;
  virtual Result<void> mark_push_sent(PushId id, UnixSeconds at) = 0;
  virtual Result<void> mark_push_retry(PushId id, UnixSeconds next_attempt_at, std::string_view error) = 0;
  virtual Result<void> mark_push_failed(PushId id, UnixSeconds at, std::string_view error) = 0;
  // The push service dropped the subscription: delete it and everything queued for it.
  virtual Result<void> drop_subscription(std::int64_t subscription_id) = 0;
  // Forgets finished rows older than `before`. Returns how many.
  virtual Result<std::int64_t> purge_finished_pushes(UnixSeconds before) = 0;
};

[[nodiscard]] UnixSeconds push_retry_delay(int attempts);

// The JSON the service worker reads: {"title","body","url","tag"}. `url` is the notice's
// site path; the worker opens it on tap.
[[nodiscard]] std::string push_payload(const PushNotice& notice);

enum class PushOutcome { kIdle, kSent, kRetryLater, kGaveUp, kSubscriptionGone };

struct PushReport {
  PushOutcome outcome = PushOutcome::kIdle;
  PushId id = 0;
  std::string kind;
  std::string detail;  // the sender's detail (HTTP status or network error), never keys
};

// The sending side, without threads: the server's push thread calls deliver_one() until
// it reports kIdle, then waits a little.
class PushDelivery {
 public:
  PushDelivery(PushQueue& queue, PushSender& sender, const Clock& clock)
      : queue_(queue), sender_(sender), clock_(clock) {}
  Result<PushReport> deliver_one();

 private:
  PushQueue& queue_;
  PushSender& sender_;
  const Clock& clock_;
};

}  // namespace pokeca
