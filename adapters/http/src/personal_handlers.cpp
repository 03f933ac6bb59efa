#include "personal_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "json_body.hpp"
#include "json_mapping.hpp"
#include "json_text.hpp"
#include "pokeca/messages.hpp"
#include "pokeca/prefectures.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

template <typename Service>
Result<Service*> wired(Service* service, std::string_view what) {
  if (!service) return fail(ErrorCode::kInternal, msg::kInternal, what);
  return service;
}

std::string body_with(json::object members) {
  json::object body;
  body["success"] = true;
  for (auto& [key, value] : members) body[key] = std::move(value);
  return to_json_text(body);
}

json::object favorite_json(StoreId store_id, UnixSeconds created_at) {
  return {{"store_id", store_id}, {"created_at", json::string(format_iso8601(created_at))}};
}

json::value rank_or_null(const std::optional<std::int64_t>& rank) {
  if (!rank) return nullptr;
  return *rank;
}

}  // namespace

ApiResult get_favorites(const ApiCall& call) {
  auto service = wired(call.personal.favorites, "favorite service not wired");
  if (!service) return std::unexpected(service.error());
  auto list = (*service)->list(*call.user);
  if (!list) return std::unexpected(list.error());
  json::array out;
  for (const auto& f : *list) {
    auto store = store_json(f.store);
    store["status"] = json::string(to_string(f.store.status));
    out.push_back(json::object{{"store", std::move(store)}, {"created_at", json::string(format_iso8601(f.created_at))}});
  }
  return body_with({{"favorites", std::move(out)}});
}

ApiResult post_favorites(const ApiCall& call) {
  auto service = wired(call.personal.favorites, "favorite service not wired");
  if (!service) return std::unexpected(service.error());
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  // A missing or non-integer id reads as 0, which the service refuses by name.
  auto added = (*service)->add(*call.user, integer_member(*body, "store_id").value_or(0));
  if (!added) return std::unexpected(added.error());
  return ApiOutput{added->added() ? Status::created : Status::ok,
                   body_with({{"favorite", favorite_json(added->store_id, added->created_at)}})};
}

ApiResult delete_favorite(const ApiCall& call) {
  auto service = wired(call.personal.favorites, "favorite service not wired");
  if (!service) return std::unexpected(service.error());
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = (*service)->remove(*call.user, *id); !ok) return std::unexpected(ok.error());
  return body_with({});
}

ApiResult get_stores_search(const ApiCall& call) {
  auto service = wired(call.personal.search, "search service not wired");
  if (!service) return std::unexpected(service.error());
  auto found = (*service)->search(find_param(call.query, "q"), find_param(call.query, "limit"));
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
  return body_with({{"stores", std::move(stores)}, {"places", std::move(places)}});
}

ApiResult get_users_stats(const ApiCall& call) {
  auto service = wired(call.personal.stats, "stats service not wired");
  if (!service) return std::unexpected(service.error());
  auto s = (*service)->stats(*call.user);
  if (!s) return std::unexpected(s.error());
  json::array monthly;
  for (const auto& m : s->monthly)
    monthly.push_back(json::object{{"month", json::string(m.month)}, {"points", m.points}, {"reports", m.reports}});
  json::object stats{
      {"submissions",
       json::object{{"pending", s->submissions.pending},
                    {"approved", s->submissions.approved},
                    {"rejected", s->submissions.rejected}}},
      {"points", json::object{{"all", s->points_all}, {"month", s->points_month}}},
      {"rank", json::object{{"all", rank_or_null(s->rank_all)}, {"month", rank_or_null(s->rank_month)}}},
      {"purchase_reports", s->purchase_reports},
      {"favorites", s->favorites},
      {"monthly", std::move(monthly)}};
  return body_with({{"stats", std::move(stats)}});
}

ApiResult post_alerts_unsubscribe(const ApiCall& call) {
  auto service = wired(call.personal.alerts, "alert service not wired");
  if (!service) return std::unexpected(service.error());
  // The token is in the URL (List-Unsubscribe); the body, if any, is RFC 8058's
  // "List-Unsubscribe=One-Click" form and carries nothing else.
  if (auto ok = (*service)->unsubscribe(find_param(call.query, "token").value_or("")); !ok)
    return std::unexpected(ok.error());
  return message_body(msg::kUnsubscribed);
}

}  // namespace pokeca::http
