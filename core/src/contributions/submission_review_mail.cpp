#include "pokeca/contributions/submission_review_mail.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca {

MailMessage SubmissionReviewMails::review_mail(const User& to, const Submission& submission, bool merged) const {
  const bool rejected = submission.status == SubmissionStatus::kRejected;
  const std::string_view body_text =
      rejected ? msg::kReviewRejectedBody : (merged ? msg::kReviewMergedBody : msg::kReviewApprovedBody);
  auto body = fill_placeholder(body_text, "{store}", submission.store_name);
  body = fill_placeholder(body, "{points}", std::to_string(submission.points_awarded));
  body = fill_placeholder(body, "{reason}", submission.reject_reason);
  body = fill_placeholder(body, "{stats_url}", base_url_ + "/my-stats");
  body = fill_placeholder(body, "{settings_url}", base_url_ + "/profile");
  MailMessage m;
  m.idempotency_key = std::string(kSubmissionReviewMailKind) + ":submission:" + std::to_string(submission.id);
  m.kind = kSubmissionReviewMailKind;
  m.user_id = to.id;
  m.mail = Mail{to.email,
                fill_placeholder(rejected ? msg::kReviewRejectedSubject : msg::kReviewApprovedSubject, "{store}",
                                 submission.store_name),
                std::move(body)};
  return m;
}

Result<bool> SubmissionReviewMails::queue_for(const Submission& submission, bool merged) {
  if (submission.status == SubmissionStatus::kPending || submission.id <= 0) return false;
  auto user = deps_.users.find_by_id(submission.user_id);
  if (!user) return std::unexpected(user.error());
  if (!*user) return false;
  const User& to = **user;
  if (to.withdrawn() || to.blocked || !to.review_mail || to.email.empty()) return false;
  return deps_.queue.enqueue(review_mail(to, submission, merged), deps_.clock.now());
}

void SubmissionReviewMails::reviewed(const Submission& submission, bool merged) noexcept {
  try {
    auto queued = queue_for(submission, merged);
    if (!queued) {
      if (on_error) on_error(queued.error());
    } else if (*queued && on_queued) {
      on_queued();
    }
  } catch (...) {  // NOLINT(bugprone-empty-catch): a courtesy mail must never fail a stored review
  }
}

}  // namespace pokeca
