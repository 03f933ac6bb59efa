#pragma once
// One mail per review of a store submission (approved, merged or rejected with its
// reason) to the account that posted it, unless it turned the mail off (User::review_mail)
// or is withdrawn or blocked. The review only queues it (mail_queue.hpp); the mail thread
// sends it. The idempotency key is the submission, so a decision never mails twice.
#include <functional>
#include <string>
#include <string_view>

#include "pokeca/accounts/auth_ports.hpp"
#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/submission.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/mail_queue.hpp"

namespace pokeca {

inline constexpr std::string_view kSubmissionReviewMailKind = "submission_review";

// Told about every review after it committed (SubmissionService::approve / reject).
class SubmissionReviewObserver {
 public:
  virtual ~SubmissionReviewObserver() = default;
  // `merged`: approved by linking it to a store that was already on the map.
  virtual void reviewed(const Submission& submission, bool merged) noexcept = 0;
};

struct ReviewMailDeps {
  UserRepository& users;
  MailQueue& queue;
  const Clock& clock;
};

class SubmissionReviewMails final : public SubmissionReviewObserver {
 public:
  // `base_url`: the site's public URL (mail links); a trailing slash is dropped.
  SubmissionReviewMails(ReviewMailDeps deps, std::string base_url) : deps_(deps), base_url_(std::move(base_url)) {
    while (base_url_.ends_with('/')) base_url_.pop_back();
  }

  // Queues the mail about this review; true when queued, false when there is nothing to
  // send (still pending, no such account, withdrawn, blocked, turned off, sent before).
  Result<bool> queue_for(const Submission& submission, bool merged);
  // SubmissionReviewObserver: queue_for, errors to `on_error` (the review stands; the
  // mail is a courtesy); `on_queued` wakes the mail thread.
  void reviewed(const Submission& submission, bool merged) noexcept override;

  // The mail for a reviewed submission (exposed for tests).
  [[nodiscard]] MailMessage review_mail(const User& to, const Submission& submission, bool merged) const;

  std::function<void(const DomainError&)> on_error;
  std::function<void()> on_queued;

 private:
  ReviewMailDeps deps_;
  std::string base_url_;
};

}  // namespace pokeca
