#include "pokeca/contributions/submission.hpp"

namespace pokeca {

std::string_view to_string(SubmissionStatus s) {
  switch (s) {
    case SubmissionStatus::kPending: return "pending";
    case SubmissionStatus::kApproved: return "approved";
    case SubmissionStatus::kRejected: return "rejected";
  }
  return {};
}

std::string_view to_string(LocationMethod m) { return m == LocationMethod::kGps ? "gps" : "address"; }

std::optional<SubmissionStatus> submission_status_from(std::string_view s) {
  for (const auto status : {SubmissionStatus::kPending, SubmissionStatus::kApproved, SubmissionStatus::kRejected})
    if (to_string(status) == s) return status;
  return std::nullopt;
}

std::optional<LocationMethod> location_method_from(std::string_view s) {
  if (s == "gps") return LocationMethod::kGps;
  if (s == "address") return LocationMethod::kAddress;
  return std::nullopt;
}

}  // namespace pokeca
