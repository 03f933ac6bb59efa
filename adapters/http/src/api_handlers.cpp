#include "api_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "json_mapping.hpp"
#include "json_text.hpp"
#include "submission_json.hpp"
#include "pokeca/messages.hpp"
#include "pokeca/prefectures.hpp"
#include "pokeca/store_types.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

std::string success(json::value data, json::object extra = {}) {
  json::object body;
  body["success"] = true;
  body["data"] = std::move(data);
  for (auto& [key, value] : extra) body[key] = std::move(value);
  return to_json_text(body);
}

// The parameters core's query parser reads; anything else (cache busters) is ignored.
StoreQueryInput store_query_input(const QueryParams& q) {
  StoreQueryInput in;
  in.prefecture = find_param(q, "prefecture");
  in.bbox = find_param(q, "bbox");
  in.lat = find_param(q, "lat");
  in.lng = find_param(q, "lng");
  in.radius_km = find_param(q, "radius_km");
  in.type = find_param(q, "type");
  in.product = find_param(q, "product");
  in.reported_within_hours = find_param(q, "reported_within_hours");
  in.limit = find_param(q, "limit");
  in.zoom = find_param(q, "zoom");
  return in;
}

}  // namespace

ApiResult get_healthz(const ApiCall& call) {
  auto summary = call.service.summary();
  if (!summary) return std::unexpected(summary.error());
  return success(json::object{{"status", "ok"}, {"stores", summary->store_count}});
}

ApiResult get_config(const ApiCall& call) {
  const auto& c = call.config;
  json::object data;
  data["tile_url"] = c.tile_url;
  data["tile_attribution"] = c.tile_attribution;
  data["tile_max_zoom"] = c.tile_max_zoom;
  data["contact_url"] = c.contact_url;
  data["analytics_id"] = c.analytics_id ? json::value(*c.analytics_id) : json::value(nullptr);
  data["demo_data"] = c.demo_data ? c.demo_data() : false;
  return success(std::move(data));
}

ApiResult get_initial_data(const ApiCall& call) {
  json::array types;
  for (const auto& t : all_store_types()) types.push_back(store_type_json(t));
  // The account when a valid bearer token came along, else null.
  json::value user = call.user ? json::value(user_json(*call.user)) : json::value(nullptr);
  return success(json::object{{"user", std::move(user)}, {"store_types", std::move(types)}});
}

ApiResult get_prefectures(const ApiCall& call) {
  auto counts = call.service.prefecture_counts();
  if (!counts) return std::unexpected(counts.error());
  json::array regions;
  for (const auto& region : all_regions()) {
    json::array codes;
    for (const auto& p : all_prefectures())
      if (p.region == region.code) codes.push_back(json::string(p.code));
    regions.push_back(json::object{{"code", json::string(region.code)},
                                   {"name", json::string(region.name)},
                                   {"prefectures", std::move(codes)}});
  }
  json::array prefectures;
  for (const auto& p : all_prefectures()) {
    std::int64_t count = 0;
    for (const auto& c : *counts)
      if (c.code == p.code) count = c.count;
    prefectures.push_back(prefecture_json(p, count));
  }
  return success(json::object{{"regions", std::move(regions)}, {"prefectures", std::move(prefectures)}});
}

ApiResult get_stores(const ApiCall& call) {
  auto found = call.service.search(store_query_input(call.query));
  if (!found) return std::unexpected(found.error());
  json::array stores;
  stores.reserve(found->stores.size());
  for (const auto& s : found->stores)
    stores.push_back(store_json(s.store, found->with_distance ? std::optional(s.distance_km) : std::nullopt));
  return success(std::move(stores), json::object{{"truncated", found->truncated}});
}

ApiResult get_store_clusters(const ApiCall& call) {
  auto found = call.service.clusters(store_query_input(call.query));
  if (!found) return std::unexpected(found.error());
  json::array clusters;
  for (const auto& c : found->clusters) clusters.push_back(cluster_json(c));
  json::array stores;
  for (const auto& s : found->stores) stores.push_back(store_json(s));
  return success(json::object{{"clusters", std::move(clusters)}, {"stores", std::move(stores)}});
}

Result<std::int64_t> id_path_param(const ApiCall& call) {
  const auto id = parse_integer(call.path_params.at(0));
  if (!id || *id <= 0) return fail(ErrorCode::kBadRequest, msg::kBadId);
  return *id;
}

ApiResult get_store(const ApiCall& call) {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto detail = call.service.detail(*id);
  if (!detail) return std::unexpected(detail.error());
  auto data = store_json(detail->store);
  json::array photos;
  for (const auto& p : detail->photos) photos.push_back(photo_json(p));
  data["photos"] = std::move(photos);
  json::array reports;
  for (const auto& r : detail->recent_reports) reports.push_back(report_json(r));
  data["recent_reports"] = std::move(reports);
  data["status"] = json::string(to_string(detail->store.status));
  json::array by_weekday, by_hour;
  for (const auto n : detail->activity.by_weekday) by_weekday.push_back(n);
  for (const auto n : detail->activity.by_hour) by_hour.push_back(n);
  data["activity"] = json::object{
      {"days", detail->activity.days}, {"by_weekday", std::move(by_weekday)}, {"by_hour", std::move(by_hour)}};
  return success(std::move(data));
}

ApiResult get_stats_summary(const ApiCall& call) {
  auto s = call.service.summary();
  if (!s) return std::unexpected(s.error());
  return success(json::object{{"store_count", s->store_count},
                              {"prefecture_count", s->prefecture_count},
                              {"reports_24h", s->reports.last_24h},
                              {"reports_7d", s->reports.last_7d},
                              {"latest_report_at", time_or_null(s->reports.latest)}});
}

ApiResult get_purchase_timeline(const ApiCall& call) {
  auto items = call.service.timeline(find_param(call.query, "limit"));
  if (!items) return std::unexpected(items.error());
  json::array out;
  out.reserve(items->size());
  for (const auto& item : *items) out.push_back(timeline_item_json(item));
  return success(std::move(out));
}

}  // namespace pokeca::http
