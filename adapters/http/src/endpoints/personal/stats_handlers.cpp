#include "endpoints/personal/stats_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::value rank_or_null(const std::optional<std::int64_t>& rank) {
  if (!rank) return nullptr;
  return *rank;
}

}  // namespace

ApiResult StatsHandlers::get_users_stats(const ApiCall& call) const {
  auto s = stats_.stats(*call.user);
  if (!s) return std::unexpected(s.error());
  json::array monthly;
  for (const auto& m : s->monthly)
    monthly.push_back(json::object{{"month", json::string(m.month)}, {"points", m.points}, {"reports", m.reports}});
  json::object stats{{"submissions", json::object{{"pending", s->submissions.pending},
                                                  {"approved", s->submissions.approved},
                                                  {"rejected", s->submissions.rejected}}},
                     {"points", json::object{{"all", s->points_all}, {"month", s->points_month}}},
                     {"rank", json::object{{"all", rank_or_null(s->rank_all)}, {"month", rank_or_null(s->rank_month)}}},
                     {"purchase_reports", s->purchase_reports},
                     {"favorites", s->favorites},
                     {"monthly", std::move(monthly)}};
  json::array submissions;
  for (const auto& own : s->recent_submissions) {
    json::object o{{"id", own.id},
                   {"store_name", json::string(own.store_name)},
                   {"status", json::string(to_string(own.status))},
                   {"created_at", json::string(format_iso8601(own.created_at))},
                   {"reviewed_at", nullptr},
                   {"reject_reason", nullptr},
                   {"points", own.points},
                   {"store_id", nullptr}};
    if (own.reviewed_at) o["reviewed_at"] = json::string(format_iso8601(*own.reviewed_at));
    if (own.status == SubmissionStatus::kRejected) o["reject_reason"] = json::string(own.reject_reason);
    if (own.store_id && own.status == SubmissionStatus::kApproved) o["store_id"] = *own.store_id;
    submissions.push_back(std::move(o));
  }
  stats["submissions_list"] = std::move(submissions);
  return success_body({{"stats", std::move(stats)}});
}

}  // namespace pokeca::http
