#pragma once
// The thin handlers of store submissions and their moderation.
#include <cstdint>

#include "api/api_call.hpp"
#include "api/multipart/multipart_parser.hpp"
#include "pokeca/contributions/submission_service.hpp"

namespace pokeca::http {

// The largest upload body: three photos of 10 MiB and the text fields, with room for the
// multipart framing (SPEC.md §7). The route table gives it as the route's body limit.
inline constexpr std::uint64_t kSubmissionBodyBytes = 32 * multipart::kMebibyte;

// The upload form of POST /store_submissions (SPEC.md §7 field names): text limits in
// bytes derived from core's character limits, three images, 10 MiB each, 32 MiB in all.
[[nodiscard]] const multipart::FormSchema& submission_form_schema();

class SubmissionHandlers {
 public:
  explicit SubmissionHandlers(SubmissionService& submissions) : submissions_(submissions) {}

  [[nodiscard]] ApiResult post_store_submissions(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_submissions(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_submission_approve(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_submission_reject(const ApiCall& call) const;

 private:
  SubmissionService& submissions_;
};

}  // namespace pokeca::http
