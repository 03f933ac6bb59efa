#pragma once
// The public map's use cases: search, clusters, detail, home summary, timeline.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store_activity.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kRecentReportsPerStore = 10;
// StoreDetail shows at most this many photos (from approved submissions).
inline constexpr int kMaxPhotosPerStore = 30;
// Clusters of one store are sent as that store's marker, up to this many per request.
inline constexpr std::size_t kMaxSingleClusterLookups = 64;

struct StoreSearchResult {
  std::vector<StoreWithDistance> stores;  // distance_km set only for a NearPoint query
  bool with_distance = false;
  bool truncated = false;
};

// search() for a bbox query, for a caller that keeps each store's rendering: the parsed
// box, filters and limit, and the scan of the box's candidates (opened for limit + 1). The
// caller assembles the list with list_bbox (bbox_list.hpp): the same stores as search(),
// the nearest the centre in that order when the list is cut.
struct BboxListScan {
  BoundingBox box;
  StoreFilters filters;
  std::size_t limit = 0;
  std::unique_ptr<BboxScan> scan;
};

struct ClusterResult {
  std::vector<Cluster> clusters;
  std::vector<Store> stores;
};

struct StoreDetail {
  Store store;
  std::vector<PurchaseReport> recent_reports;
  std::vector<SubmissionPhoto> photos;  // newest submission first
  ReportActivity activity;              // zeros without an activity repository
};

struct SiteSummary {
  std::int64_t store_count = 0;
  std::int64_t prefecture_count = 0;
  ReportCounts reports;
};

class StoreService {
 public:
  // Without `photos`, StoreDetail has none; without `activity`, its activity is zeros.
  StoreService(StoreRepository& stores, ReportRepository& reports, const Clock& clock,
               StorePhotoRepository* photos = nullptr, StoreActivityRepository* activity = nullptr)
      : stores_(stores), reports_(reports), clock_(clock), photos_(photos), activity_(activity) {}

  Result<StoreSearchResult> search(const StoreQueryInput& input);
  // The scan of search()'s list when the query is a bbox without a lottery filter; nullopt
  // for any other query (call search()). Errors as search(). The scan's snapshot lasts as long as it does.
  Result<std::optional<BboxListScan>> scan_bbox(const StoreQueryInput& input);
  Result<ClusterResult> clusters(const StoreQueryInput& input);
  Result<StoreDetail> detail(StoreId id);
  Result<SiteSummary> summary();
  // Active stores only (healthz): the kept count, without the summary's report counts.
  Result<std::int64_t> store_count();
  Result<std::vector<TimelineItem>> timeline(const std::optional<std::string>& limit);
  // All 47 prefectures, JIS order, with their active store counts.
  Result<std::vector<PrefectureCount>> prefecture_counts();

 private:
  StoreRepository& stores_;
  ReportRepository& reports_;
  const Clock& clock_;
  StorePhotoRepository* photos_;
  StoreActivityRepository* activity_;
};

}  // namespace pokeca
