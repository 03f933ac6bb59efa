#include "endpoints/personal/personal_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "pokeca/messages.hpp"
#include "pokeca/prefectures.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::object favorite_json(StoreId store_id, UnixSeconds created_at) {
  return {{"store_id", store_id}, {"created_at", json::string(format_iso8601(created_at))}};
}

json::value rank_or_null(const std::optional<std::int64_t>& rank) {
  if (!rank) return nullptr;
  return *rank;
}

}  // namespace

ApiResult FavoriteHandlers::get_favorites(const ApiCall& call) const {
  auto list = favorites_.list(*call.user);
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& f : *list) {
    auto store = store_json(f.store);
    store["status"] = json::string(to_string(f.store.status));
    out.push_back(
        json::object{{"store", std::move(store)}, {"created_at", json::string(format_iso8601(f.created_at))}});
  }
  return success_body({{"favorites", std::move(out)}});
}

ApiResult FavoriteHandlers::post_favorites(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  // A missing or non-integer id reads as 0, which the service refuses by name.
  auto added = favorites_.add(*call.user, integer_member(*body, "store_id").value_or(0));
  if (!added) return std::unexpected(added.error());
  return ApiOutput{added->added() ? Status::created : Status::ok,
                   success_body({{"favorite", favorite_json(added->store_id, added->created_at)}})};
}

ApiResult FavoriteHandlers::delete_favorite(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = favorites_.remove(*call.user, *id); !ok) return std::unexpected(ok.error());
  return success_body();
}

ApiResult SearchHandlers::get_stores_search(const ApiCall& call) const {
  // lat/lng: where the user is looking (the map's centre); the stores are ranked by distance from it.
  auto near = parse_search_near(find_param(call.query, "lat"), find_param(call.query, "lng"));
  if (!near) return std::unexpected(near.error());
  auto found = search_.search(find_param(call.query, "q"), find_param(call.query, "limit"), *near);
  if (!found) return std::unexpected(found.error());
  json::array stores;
  for (const auto& s : found->stores) stores.push_back(store_json(s));
  json::array places;
  for (const auto& p : found->places) {
    const auto* pref = find_prefecture(p.prefecture_code);
    places.push_back(json::object{{"name", json::string(p.name)},
                                  {"prefecture", json::string(p.prefecture_code)},
                                  {"prefecture_name", json::string(pref ? pref->name : std::string_view{})},
                                  {"lat", p.centre.lat},
                                  {"lng", p.centre.lng}});
  }
  return success_body({{"stores", std::move(stores)}, {"places", std::move(places)}});
}

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

ApiResult AlertHandlers::post_alerts_unsubscribe(const ApiCall& call) const {
  // The token is in the URL (List-Unsubscribe); the body, if any, is RFC 8058's
  // "List-Unsubscribe=One-Click" form and carries nothing else.
  if (auto ok = alerts_.unsubscribe(find_param(call.query, "token").value_or("")); !ok)
    return std::unexpected(ok.error());
  return message_body(msg::kUnsubscribed);
}

}  // namespace pokeca::http
