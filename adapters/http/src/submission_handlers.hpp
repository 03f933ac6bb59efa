#pragma once
// The thin handlers of store submissions and their moderation (issue 4).
#include "api_handlers.hpp"
#include "multipart/multipart_parser.hpp"

namespace pokeca::http {

// The upload form of POST /store_submissions (SPEC.md §7 field names): text limits in
// bytes derived from core's character limits, three images, 10 MiB each, 32 MiB in all.
[[nodiscard]] const multipart::FormSchema& submission_form_schema();

[[nodiscard]] ApiResult post_store_submissions(const ApiCall& call);
[[nodiscard]] ApiResult get_admin_submissions(const ApiCall& call);
[[nodiscard]] ApiResult post_admin_submission_approve(const ApiCall& call);
[[nodiscard]] ApiResult post_admin_submission_reject(const ApiCall& call);

}  // namespace pokeca::http
