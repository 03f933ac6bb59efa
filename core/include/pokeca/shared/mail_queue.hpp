#pragma once
// The durable outgoing mail queue: a request only writes the mail into storage (fast,
// survives a crash); the server's mail thread claims it, hands it to the Mailer and
// marks it sent, retrying with backoff. At-least-once: see docs/decisions/mail-queue.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/mailer.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// A try that fails is retried after kMailRetryBaseSeconds · 2^(tries-1), at most
// kMailRetryMaxSeconds later; after kMaxMailAttempts tries the mail is given up (failed).
inline constexpr int kMaxMailAttempts = 8;
inline constexpr UnixSeconds kMailRetryBaseSeconds = 60;
inline constexpr UnixSeconds kMailRetryMaxSeconds = 6 * 3600;
// A claimed mail not marked sent within this time (the process died while sending) is
// claimed again. Longer than any send (SMTP times out after 30 s).
inline constexpr UnixSeconds kMailClaimLeaseSeconds = 5 * 60;
// Sent mail rows are forgotten after this long (they hold addresses).
inline constexpr UnixSeconds kSentMailRetentionSeconds = 30 * 24 * 3600;

// One mail to queue. `idempotency_key` names the logical mail: queuing the same key
// again does nothing, so a retried request never queues a second copy.
struct MailMessage {
  std::string idempotency_key;
  std::string kind;               // "favorite_alert", "verify_email", … (for logs and limits)
  std::optional<UserId> user_id;  // the account it is for (its withdrawal drops the mail)
  Mail mail;
};

using MailId = std::int64_t;

struct QueuedMail {
  MailId id = 0;
  MailMessage message;
  int attempts = 0;  // including the current one
};

class MailQueue {
 public:
  virtual ~MailQueue() = default;
  // true: queued; false: a mail with this key was queued before (nothing changed).
  virtual Result<bool> enqueue(const MailMessage& message, UnixSeconds now) = 0;
  // Atomically takes the next due mail (pending and due, or claimed by a sender whose
  // claim ran out before `now`), counts the attempt and claims it until `claim_until`.
  virtual Result<std::optional<QueuedMail>> claim_next(UnixSeconds now, UnixSeconds claim_until) = 0;
  virtual Result<void> mark_sent(MailId id, UnixSeconds at) = 0;
  // Back to pending, due again at `next_attempt_at`.
  virtual Result<void> mark_retry(MailId id, UnixSeconds next_attempt_at, std::string_view error) = 0;
  virtual Result<void> mark_failed(MailId id, std::string_view error) = 0;
  // Forgets sent mail older than `before`. Returns how many rows.
  virtual Result<std::int64_t> purge_sent(UnixSeconds before) = 0;
};

// Delay before the next try after `attempts` tries (1, 2, …).
[[nodiscard]] UnixSeconds mail_retry_delay(int attempts);

// What one delivery step did.
enum class DeliveryOutcome { kIdle, kSent, kRetryLater, kGaveUp };

struct DeliveryReport {
  DeliveryOutcome outcome = DeliveryOutcome::kIdle;
  MailId id = 0;
  std::string kind;
  std::string error;  // the failure's DomainError::cause() (no secrets: the mailers scrub them)
};

// The sending side, without threads: the server's mail thread calls deliver_one() until
// it reports kIdle, then waits a little.
class MailDelivery {
 public:
  MailDelivery(MailQueue& queue, Mailer& mailer, const Clock& clock) : queue_(queue), mailer_(mailer), clock_(clock) {}

  // Claims one due mail and sends it. A bad recipient is given up at once; any other
  // failure is retried with backoff up to kMaxMailAttempts. Storage errors come back.
  Result<DeliveryReport> deliver_one();

 private:
  MailQueue& queue_;
  Mailer& mailer_;
  const Clock& clock_;
};

}  // namespace pokeca
