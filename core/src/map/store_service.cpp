#include "pokeca/map/store_service.hpp"

#include <numeric>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {
namespace {

std::vector<StoreWithDistance> without_distance(std::vector<Store>&& stores) {
  std::vector<StoreWithDistance> out;
  out.reserve(stores.size());
  for (auto& s : stores) out.push_back({std::move(s), 0});
  return out;
}

}  // namespace

Result<StoreSearchResult> StoreService::search(const StoreQueryInput& input) {
  auto query = parse_store_query(input, clock_.now());
  if (!query) return std::unexpected(query.error());
  // Ask one more than the limit to know whether the list was cut.
  const int ask = query->limit + 1;
  StoreSearchResult result;
  if (const auto* pref = std::get_if<PrefectureArea>(&query->area)) {
    auto found = stores_.in_prefecture(pref->code, query->filters, ask);
    if (!found) return std::unexpected(found.error());
    result.stores = without_distance(std::move(*found));
  } else if (const auto* box = std::get_if<BoundingBox>(&query->area)) {
    auto found = stores_.in_bbox(*box, query->filters, ask);
    if (!found) return std::unexpected(found.error());
    // Nearest the centre first (docs/API.md): in_bbox gives the nearest `ask` in that order
    // when more are listed, but a whole list in its backend's own order.
    sort_by_box_order(*found, *box);
    result.stores = without_distance(std::move(*found));
  } else {
    const auto& near = std::get<NearPoint>(query->area);
    auto found = stores_.nearest(near.centre, near.radius_km, query->filters, ask);
    if (!found) return std::unexpected(found.error());
    result.stores = std::move(*found);
    result.with_distance = true;
  }
  result.truncated = result.stores.size() > static_cast<std::size_t>(query->limit);
  if (result.truncated) result.stores.resize(static_cast<std::size_t>(query->limit));
  return result;
}

Result<std::optional<BboxListScan>> StoreService::scan_bbox(const StoreQueryInput& input) {
  auto query = parse_store_query(input, clock_.now());
  if (!query) return std::unexpected(query.error());
  const auto* box = std::get_if<BoundingBox>(&query->area);
  // A lottery filter needs each store's entries, which kept stores do not carry: such a
  // list is search()'s, read whole by storage.
  if (!box || lottery_filtered(query->filters)) return std::optional<BboxListScan>{};
  // As search(): one more than the limit says whether the list was cut.
  auto scan = stores_.scan_bbox(*box, query->filters, query->limit + 1);
  if (!scan) return std::unexpected(scan.error());
  return std::optional<BboxListScan>(
      BboxListScan{*box, query->filters, static_cast<std::size_t>(query->limit), std::move(*scan)});
}

Result<ClusterResult> StoreService::clusters(const StoreQueryInput& input) {
  auto query = parse_cluster_query(input, clock_.now());
  if (!query) return std::unexpected(query.error());
  ClusterResult result;
  const auto markers = [&]() -> Result<ClusterResult> {
    auto found = stores_.in_bbox(query->bbox, query->filters, static_cast<int>(kMaxMarkersInView));
    if (!found) return std::unexpected(found.error());
    sort_by_box_order(*found, query->bbox);  // as a box list: one order on every backend
    result.stores = std::move(*found);
    return std::move(result);
  };
  if (query->zoom >= kMarkerZoom) return markers();

  auto cells = stores_.cells(cell_range_for_view(query->bbox, query->zoom), query->filters);
  if (!cells) return std::unexpected(cells.error());
  const auto total = std::accumulate(cells->begin(), cells->end(), std::int64_t{0},
                                     [](std::int64_t n, const CellAggregate& c) { return n + c.count; });
  // Cells at the edge reach outside the view, so `total` can overcount; a few
  // extra clusters instead of markers is the harmless side of that.
  if (total <= static_cast<std::int64_t>(kMaxMarkersInView)) return markers();
  result.clusters = clusters_from_cells(*cells);
  // A cluster of one reads better as its store's marker: look those up with small
  // box queries, a bounded number per request. A failed lookup keeps the cluster.
  std::size_t lookups = 0;
  std::erase_if(result.clusters, [&](const Cluster& c) {
    if (c.count != 1 || lookups >= kMaxSingleClusterLookups) return false;
    ++lookups;
    auto found = stores_.in_bbox(c.bounds, query->filters, 1);
    if (!found || found->empty()) return false;
    result.stores.push_back(std::move(found->front()));
    return true;
  });
  return result;
}

Result<StoreDetail> StoreService::detail(StoreId id) {
  auto store = stores_.find(id);
  if (!store) return std::unexpected(store.error());
  if (!*store || (*store)->status != StoreStatus::kActive) return fail(ErrorCode::kNotFound, msg::kStoreNotFound);
  auto reports = reports_.recent_for_store(id, kRecentReportsPerStore);
  if (!reports) return std::unexpected(reports.error());
  StoreDetail detail{std::move(**store), std::move(*reports), {}, {}};
  if (photos_) {
    auto photos = photos_->photos_for_store(id, kMaxPhotosPerStore);
    if (!photos) return std::unexpected(photos.error());
    detail.photos = std::move(*photos);
  }
  if (activity_) {
    auto times = activity_->report_times(id, clock_.now() - kActivityWindowSeconds);
    if (!times) return std::unexpected(times.error());
    detail.activity = count_report_activity(*times);
  }
  return detail;
}

Result<SiteSummary> StoreService::summary() {
  auto count = stores_.count_active();
  if (!count) return std::unexpected(count.error());
  auto by_pref = stores_.count_by_prefecture();
  if (!by_pref) return std::unexpected(by_pref.error());
  const auto now = clock_.now();
  auto reports = reports_.counts(now - 24 * 3600, now - 7 * 24 * 3600);
  if (!reports) return std::unexpected(reports.error());
  SiteSummary s{*count, 0, *reports};
  for (const auto& p : *by_pref)
    if (p.count > 0) ++s.prefecture_count;
  return s;
}

Result<std::int64_t> StoreService::store_count() { return stores_.count_active(); }

Result<std::vector<TimelineItem>> StoreService::timeline(const std::optional<std::string>& limit) {
  auto n = parse_timeline_limit(limit);
  if (!n) return std::unexpected(n.error());
  return reports_.timeline(*n);
}

Result<std::vector<PrefectureCount>> StoreService::prefecture_counts() {
  auto counted = stores_.count_by_prefecture();
  if (!counted) return std::unexpected(counted.error());
  std::vector<PrefectureCount> out;
  out.reserve(kPrefectureCount);
  for (const auto& p : all_prefectures()) {
    PrefectureCount pc{std::string(p.code), 0};
    for (const auto& c : *counted)
      if (c.code == p.code) pc.count = c.count;
    out.push_back(std::move(pc));
  }
  return out;
}

}  // namespace pokeca
