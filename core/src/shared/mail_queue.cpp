#include "pokeca/shared/mail_queue.hpp"

#include <algorithm>

namespace pokeca {

UnixSeconds mail_retry_delay(int attempts) {
  UnixSeconds delay = kMailRetryBaseSeconds;
  for (int i = 1; i < attempts && delay < kMailRetryMaxSeconds; ++i) delay *= 2;
  return std::min(delay, kMailRetryMaxSeconds);
}

Result<DeliveryReport> MailDelivery::deliver_one() {
  const auto now = clock_.now();
  auto claimed = queue_.claim_next(now, now + kMailClaimLeaseSeconds);
  if (!claimed) return std::unexpected(claimed.error());
  if (!*claimed) return DeliveryReport{};
  const QueuedMail& mail = **claimed;
  DeliveryReport report{DeliveryOutcome::kSent, mail.id, mail.message.kind, {}};
  auto sent = mailer_.send(mail.message.mail);
  if (sent) {
    if (auto ok = queue_.mark_sent(mail.id, clock_.now()); !ok) return std::unexpected(ok.error());
    return report;
  }
  report.error = sent.error().cause();
  // A recipient the mailer refuses outright will never work; everything else may.
  if (sent.error().code == ErrorCode::kBadRequest || mail.attempts >= kMaxMailAttempts) {
    report.outcome = DeliveryOutcome::kGaveUp;
    if (auto ok = queue_.mark_failed(mail.id, report.error); !ok) return std::unexpected(ok.error());
    return report;
  }
  report.outcome = DeliveryOutcome::kRetryLater;
  if (auto ok = queue_.mark_retry(mail.id, clock_.now() + mail_retry_delay(mail.attempts), report.error); !ok)
    return std::unexpected(ok.error());
  return report;
}

}  // namespace pokeca
