#include "endpoints/analytics/analytics_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

Result<PageViewInput> page_view_input(std::string_view body_text) {
  auto body = body_object(body_text);
  if (!body) return std::unexpected(body.error());
  PageViewInput in;
  for (auto [key, field] : {std::pair{"path", &in.path}, std::pair{"prefecture", &in.prefecture},
                            std::pair{"referrer_host", &in.referrer_host}, std::pair{"viewport", &in.viewport}}) {
    auto value = string_member(*body, key);
    if (!value) return std::unexpected(value.error());
    *field = std::move(*value);
  }
  return in;
}

json::array named(const std::vector<NamedCount>& counts, std::string_view key, std::string_view count_key) {
  json::array out;
  out.reserve(counts.size());
  for (const auto& c : counts) out.push_back(json::object{{key, c.key}, {count_key, c.count}});
  return out;
}

json::array prefectures(const std::vector<NamedCount>& counts) {
  json::array out;
  out.reserve(counts.size());
  for (const auto& c : counts) {
    const auto* prefecture = find_prefecture(c.key);
    out.push_back(json::object{
        {"prefecture", c.key}, {"name", prefecture ? prefecture->name : std::string_view(c.key)}, {"count", c.count}});
  }
  return out;
}

}  // namespace

ApiResult AnalyticsHandlers::post_analytics_events(const ApiCall& call) const {
  auto input = page_view_input(call.body);
  if (!input) return std::unexpected(input.error());
  if (auto ok = analytics_.record(*input, call.client.ip, call.user_agent); !ok) return std::unexpected(ok.error());
  return ApiOutput{Status::no_content, ""};
}

ApiResult AnalyticsHandlers::get_admin_analytics(const ApiCall& call) const {
  auto report = analytics_.report(find_param(call.query, "from"), find_param(call.query, "to"));
  if (!report) return std::unexpected(report.error());
  json::array days;
  days.reserve(report->days.size());
  for (const auto& d : report->days)
    days.push_back(json::object{{"date", format_day(d.day)},
                                {"page_views", d.page_views},
                                {"visitors", d.visitors},
                                {"bot_views", d.bot_views},
                                {"signups", d.signups},
                                {"submissions", d.submissions},
                                {"approvals", d.approvals},
                                {"rejections", d.rejections},
                                {"purchase_reports", d.purchase_reports}});
  json::object queue{{"pending", report->pending}, {"oldest_at", nullptr}};
  if (report->oldest_pending_at) queue["oldest_at"] = format_iso8601(*report->oldest_pending_at);
  return success_body({{"from", format_day(report->from)},
                       {"to", format_day(report->to)},
                       {"days", std::move(days)},
                       {"top_pages", named(report->top_pages, "path", "views")},
                       {"top_prefectures_by_reports", prefectures(report->top_prefectures_by_reports)},
                       {"top_prefectures_by_views", prefectures(report->top_prefectures_by_views)},
                       {"stores_by_type", named(report->stores_by_type, "store_type", "count")},
                       {"stores_by_source", named(report->stores_by_source, "source", "count")},
                       {"queue", std::move(queue)}});
}

}  // namespace pokeca::http
