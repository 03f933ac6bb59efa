#pragma once
// Submissions → the JSON shapes of docs/API.md (Photo, Submission, AdminSubmission).
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "pokeca/contributions/submission.hpp"
#include "pokeca/contributions/submission_service.hpp"

namespace pokeca::http {

// { url, thumb_url, width, height }
[[nodiscard]] boost::json::object photo_json(const SubmissionPhoto& photo);
[[nodiscard]] boost::json::object submission_json(const Submission& submission);
// Submission + { user: {id, nickname, prefecture} | null, duplicates: [{store, distance_m}] }
[[nodiscard]] boost::json::object admin_submission_json(const AdminSubmission& item);

}  // namespace pokeca::http
