#include "endpoints/map/store_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"
#include "endpoints/contributions/submission_json.hpp"
#include "pokeca/messages.hpp"
#include "pokeca/prefectures.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// A little over one store's JSON (about 430 bytes with latest_by_product, at most ~560), to
// size the body once: an answer that outgrows its reservation is copied whole once more.
constexpr std::size_t kStoreJsonBytesHint = 480;

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

std::optional<ApiResult> StoreHandlers::bbox_from_fragments(const ApiCall& call) const {
  // Stores read from their rows (not kept): their JSON's place in the body, kept after
  // the Reader's lock is released.
  struct Fresh {
    std::size_t index;       // in found->value().stores
    std::size_t begin, end;  // of its JSON in body
  };
  std::vector<Fresh> fresh;
  std::uint64_t epoch = 0;
  std::string body;
  Result<std::optional<KeptStoreSearchResult>> found;
  {
    // One lock for the scan and the copies; the epoch is read under it,
    // before the snapshot: a fragment built from it is kept only if no store changed since.
    const StoreFragments::Reader reader(*fragments_);
    epoch = reader.epoch();
    std::vector<const StoreFragments::KeptStore*> held;  // in the order kept() is asked; the listed ones among them
    held.reserve(kMaxStoreLimit + 1);
    found = stores_.search_bbox_unless_kept(store_query_input(call.query), [&](StoreId id) -> const StoreListFacts* {
      const auto* kept = reader.find_kept(id);
      if (!kept) return nullptr;
      held.push_back(kept);
      return &*kept->facts;
    });
    if (!found) return ApiResult(std::unexpected(found.error()));
    if (!*found) return std::nullopt;
    const auto& stores = found->value().stores;
    body = R"({"success":true,"data":[)";
    body.reserve(stores.size() * kStoreJsonBytesHint + 64);
    std::size_t next_held = 0;
    for (std::size_t i = 0; i < stores.size(); ++i) {
      if (i) body += ',';
      const auto& s = stores[i];
      if (s.store) {
        const auto begin = body.size();
        append_store_json(body, *s.store, std::nullopt);
        fresh.push_back({i, begin, body.size()});
      } else {
        // A kept store listed: the next held one with its id (held ones that were not
        // listed are skipped; the list keeps the order kept() was asked in).
        while (held.at(next_held)->id != s.id) ++next_held;
        body += held[next_held++]->json;
      }
    }
    body += found->value().truncated ? R"(],"truncated":true})" : R"(],"truncated":false})";
  }
  const auto& stores = found->value().stores;
  for (const auto& f : fresh)
    fragments_->put(stores[f.index].id, epoch, body.substr(f.begin, f.end - f.begin),
                    list_facts(*stores[f.index].store));
  return ApiResult(std::move(body));
}

ApiResult StoreHandlers::get_stores(const ApiCall& call) const {
  if (fragments_)
    if (auto answer = bbox_from_fragments(call)) return std::move(*answer);
  auto found = stores_.search(store_query_input(call.query));
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
