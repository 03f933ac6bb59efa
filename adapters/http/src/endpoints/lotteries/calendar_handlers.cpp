#include "endpoints/lotteries/calendar_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "common/http_messages.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::object settings_json(const CalendarSettings& s) {
  json::array prefectures;
  for (const auto& p : s.prefectures) prefectures.emplace_back(p);
  return {
      {"feed_active", s.token_created_at.has_value()},
      {"feed_created_at", s.token_created_at ? json::value(format_iso8601(*s.token_created_at)) : json::value(nullptr)},
      {"prefectures", std::move(prefectures)},
      {"max_prefectures", kMaxCalendarPrefectures},
      {"max_entries", kMaxCalendarFeedEntries},
  };
}

}  // namespace

ApiResult CalendarHandlers::get_calendar_feed(const ApiCall& call) const {
  const auto token = find_param(call.query, "token");
  if (!token) return fail(ErrorCode::kBadRequest, fill_placeholder(msg::kMissingParameter, "{name}", "token"));
  auto feed = calendar_.feed(*token, call.client.ip);
  if (!feed) return std::unexpected(feed.error());
  ApiOutput out(std::move(feed->ics));
  out.content_type = "text/calendar; charset=utf-8";
  out.content_disposition = "inline; filename=\"pokeca-lotteries.ics\"";
  // The feed is one user's (private: no shared cache keeps it) and changes slowly.
  out.cache_control = "private, max-age=" + std::to_string(kCalendarMaxAgeSeconds);
  return out;
}

ApiResult CalendarHandlers::get_users_calendar(const ApiCall& call) const {
  auto settings = calendar_.settings(*call.user);
  if (!settings) return std::unexpected(settings.error());
  return success_body({{"calendar", settings_json(*settings)}});
}

ApiResult CalendarHandlers::put_users_calendar(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  const auto* list = body->if_contains("prefectures");
  if (!list || !list->is_array()) return bad_json();
  std::vector<std::string> codes;
  for (const auto& item : list->as_array()) {
    if (!item.is_string()) return bad_json();
    codes.emplace_back(item.as_string());
  }
  auto settings = calendar_.choose_prefectures(*call.user, codes);
  if (!settings) return std::unexpected(settings.error());
  return message_body(msg::kCalendarSaved, {{"calendar", settings_json(*settings)}});
}

ApiResult CalendarHandlers::post_users_calendar_token(const ApiCall& call) const {
  auto issued = calendar_.issue_token(*call.user);
  if (!issued) return std::unexpected(issued.error());
  return message_body(msg::kCalendarTokenIssued,
                      {{"feed_path", issued->feed_path}, {"feed_created_at", format_iso8601(issued->created_at)}});
}

ApiResult CalendarHandlers::delete_users_calendar_token(const ApiCall& call) const {
  if (auto ok = calendar_.revoke_token(*call.user); !ok) return std::unexpected(ok.error());
  return message_body(msg::kCalendarTokenRevoked);
}

}  // namespace pokeca::http
