#include "endpoints/map/store_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"
#include "endpoints/contributions/submission_json.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

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
  in.lottery = find_param(q, "lottery");
  return in;
}

}  // namespace

ApiResult StoreHandlers::get_healthz(const ApiCall&) const {
  // The kept count (store_cells' level-0 rows), not summary(): its report counts scan
  // every report of the last 7 days, 11 ms at 1,000,000 stores.
  auto count = stores_.store_count();
  if (!count) return std::unexpected(count.error());
  return data_body(json::object{{"status", "ok"}, {"stores", *count}});
}

ApiResult StoreHandlers::get_prefectures(const ApiCall&) const {
  auto counts = stores_.prefecture_counts();
  if (!counts) return std::unexpected(counts.error());
  json::array regions;
  for (const auto& region : all_regions()) {
    json::array codes;
    for (const auto& p : all_prefectures())
      if (p.region == region.code) codes.push_back(json::string(p.code));
    regions.push_back(json::object{
        {"code", json::string(region.code)}, {"name", json::string(region.name)}, {"prefectures", std::move(codes)}});
  }
  json::array prefectures;
  for (const auto& p : all_prefectures()) {
    std::int64_t count = 0;
    for (const auto& c : *counts)
      if (c.code == p.code) count = c.count;
    prefectures.push_back(prefecture_json(p, count));
  }
  return data_body(json::object{{"regions", std::move(regions)}, {"prefectures", std::move(prefectures)}});
}

ApiResult StoreHandlers::get_stores(const ApiCall& call) const {
  const auto input = store_query_input(call.query);
  if (read_model_)
    if (auto listed = read_model_->bbox_list(stores_, input)) {
      if (!*listed) return std::unexpected(listed->error());
      return std::move(**listed);
    }
  auto found = stores_.search(input);
  if (!found) return std::unexpected(found.error());
  // data_body's shape, written straight into the body (the map's hottest miss path).
  std::string body = R"({"success":true,"data":[)";
  body.reserve(found->stores.size() * kStoreJsonBytesHint + 64);
  for (std::size_t i = 0; i < found->stores.size(); ++i) {
    if (i) body += ',';
    const auto& s = found->stores[i];
    append_store_json(body, s.store, found->with_distance ? std::optional(s.distance_km) : std::nullopt);
  }
  body += found->truncated ? R"(],"truncated":true})" : R"(],"truncated":false})";
  return body;
}

ApiResult StoreHandlers::get_store_clusters(const ApiCall& call) const {
  auto found = stores_.clusters(store_query_input(call.query));
  if (!found) return std::unexpected(found.error());
  json::array clusters;
  for (const auto& c : found->clusters) clusters.push_back(cluster_json(c));
  json::array stores;
  for (const auto& s : found->stores) stores.push_back(store_json(s));
  return data_body(json::object{{"clusters", std::move(clusters)}, {"stores", std::move(stores)}});
}

ApiResult StoreHandlers::get_store(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto detail = stores_.detail(*id);
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
  return data_body(std::move(data));
}

ApiResult StoreHandlers::get_stats_summary(const ApiCall&) const {
  auto s = stores_.summary();
  if (!s) return std::unexpected(s.error());
  return data_body(json::object{{"store_count", s->store_count},
                                {"prefecture_count", s->prefecture_count},
                                {"reports_24h", s->reports.last_24h},
                                {"reports_7d", s->reports.last_7d},
                                {"latest_report_at", time_or_null(s->reports.latest)}});
}

ApiResult StoreHandlers::get_purchase_timeline(const ApiCall& call) const {
  auto items = stores_.timeline(find_param(call.query, "limit"));
  if (!items) return std::unexpected(items.error());
  json::array out;
  out.reserve(items->size());
  for (const auto& item : *items) out.push_back(timeline_item_json(item));
  return data_body(std::move(out));
}

}  // namespace pokeca::http
