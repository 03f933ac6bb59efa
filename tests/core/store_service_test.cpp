#include "pokeca/map/store_service.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mock_store_repository.hpp"

namespace pokeca {
namespace {

using ::testing::_;
using testing::MockStores;
using ::testing::Return;

class MockReports : public ReportRepository {
 public:
  MOCK_METHOD(Result<std::vector<TimelineItem>>, timeline, (int), (override));
  MOCK_METHOD(Result<std::vector<PurchaseReport>>, recent_for_store, (StoreId, int), (override));
  MOCK_METHOD(Result<ReportCounts>, counts, (UnixSeconds, UnixSeconds), (override));
  MOCK_METHOD(Result<void>, insert_many, (std::span<const PurchaseReport>), (override));
  MOCK_METHOD(Result<PurchaseReport>, insert, (const PurchaseReport&), (override));
  MOCK_METHOD(Result<std::optional<PurchaseReport>>, remove, (ReportId), (override));
};

class FixedClock : public Clock {
 public:
  UnixSeconds now() const override { return 1795239000; }
};

std::vector<Store> stores(int n) {
  std::vector<Store> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i)].id = i + 1;
  return out;
}

struct ServiceTest : ::testing::Test {
  MockStores store_repo;
  MockReports report_repo;
  FixedClock clock;
  StoreService service{store_repo, report_repo, clock};
};

}  // namespace

TEST_F(ServiceTest, SearchAsksOneMoreThanTheLimitToDetectTruncation) {
  StoreQueryInput in;
  in.prefecture = "tokyo";
  in.limit = "3";
  EXPECT_CALL(store_repo, in_prefecture(std::string_view("tokyo"), _, 4)).WillOnce(Return(stores(4)));
  auto r = service.search(in);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->truncated);
  EXPECT_EQ(r->stores.size(), 3u);
  EXPECT_FALSE(r->with_distance);
}

TEST_F(ServiceTest, SearchNearReturnsDistances) {
  StoreQueryInput in;
  in.lat = "35.69";
  in.lng = "139.70";
  in.radius_km = "5";
  EXPECT_CALL(store_repo, nearest(_, 5.0, _, kDefaultStoreLimit + 1))
      .WillOnce(Return(std::vector<StoreWithDistance>{{Store{}, 0.4}}));
  auto r = service.search(in);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->with_distance);
  EXPECT_FALSE(r->truncated);
  EXPECT_DOUBLE_EQ(r->stores[0].distance_km, 0.4);
}

TEST_F(ServiceTest, BadQueryNeverReachesTheRepository) {
  StoreQueryInput in;
  in.prefecture = "nowhere";
  EXPECT_CALL(store_repo, in_prefecture(_, _, _)).Times(0);
  auto r = service.search(in);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
}

TEST_F(ServiceTest, ManyStoresInViewGiveClusters) {
  StoreQueryInput in;
  in.bbox = "122,24,146,46";
  in.zoom = "5";
  const CellKey k{5, 1, 1};
  EXPECT_CALL(store_repo, cells(_, _))
      .WillOnce(
          Return(std::vector<CellAggregate>{{k, 250, 250 * 35.0, 250 * 139.0}, {k, 100, 100 * 35.0, 100 * 139.0}}));
  EXPECT_CALL(store_repo, in_bbox(_, _, _)).Times(0);
  auto r = service.clusters(in);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->clusters.size(), 1u);
  EXPECT_EQ(r->clusters[0].count, 350);
  EXPECT_TRUE(r->stores.empty());
}

TEST_F(ServiceTest, ClustersOfOneBecomeTheirStoresMarker) {
  StoreQueryInput in;
  in.bbox = "122,24,146,46";
  in.zoom = "6";
  const CellKey big{6, 200, 100}, lonely{6, 210, 110}, lonely_too{6, 211, 110};
  EXPECT_CALL(store_repo, cells(_, _))
      .WillOnce(Return(std::vector<CellAggregate>{
          {big, 400, 400 * 35.0, 400 * 139.0}, {lonely, 1, 36.0, 140.0}, {lonely_too, 1, 36.1, 140.5}}));
  // The first lonely cell's store is found; the second lookup finds nothing and stays a cluster.
  Store found;
  found.id = 77;
  EXPECT_CALL(store_repo, in_bbox(_, _, 1))
      .WillOnce(Return(std::vector<Store>{found}))
      .WillOnce(Return(std::vector<Store>{}));
  auto r = service.clusters(in);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->stores.size(), 1u);
  EXPECT_EQ(r->stores[0].id, 77);
  ASSERT_EQ(r->clusters.size(), 2u);
  EXPECT_EQ(r->clusters[0].count + r->clusters[1].count, 401);
}

TEST_F(ServiceTest, FewStoresInViewGiveMarkers) {
  StoreQueryInput in;
  in.bbox = "139.6,35.6,139.8,35.7";
  in.zoom = "12";
  EXPECT_CALL(store_repo, cells(_, _)).WillOnce(Return(std::vector<CellAggregate>{{{12, 1, 1}, 12, 0, 0}}));
  EXPECT_CALL(store_repo, in_bbox(_, _, static_cast<int>(kMaxMarkersInView))).WillOnce(Return(stores(12)));
  auto r = service.clusters(in);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->clusters.empty());
  EXPECT_EQ(r->stores.size(), 12u);
}

TEST_F(ServiceTest, HighZoomAlwaysGivesMarkers) {
  StoreQueryInput in;
  in.bbox = "139.69,35.68,139.71,35.70";
  in.zoom = std::to_string(kMarkerZoom);
  EXPECT_CALL(store_repo, cells(_, _)).Times(0);
  EXPECT_CALL(store_repo, in_bbox(_, _, _)).WillOnce(Return(stores(2)));
  ASSERT_TRUE(service.clusters(in));
}

TEST_F(ServiceTest, HiddenOrMissingStoreIsNotFound) {
  Store hidden;
  hidden.id = 5;
  hidden.status = StoreStatus::kHidden;
  EXPECT_CALL(store_repo, find(5)).WillOnce(Return(std::optional<Store>(hidden)));
  EXPECT_CALL(store_repo, find(6)).WillOnce(Return(std::optional<Store>()));
  EXPECT_EQ(service.detail(5).error().code, ErrorCode::kNotFound);
  EXPECT_EQ(service.detail(6).error().code, ErrorCode::kNotFound);
}

TEST_F(ServiceTest, RepositoryErrorsPassThrough) {
  EXPECT_CALL(store_repo, count_active())
      .WillOnce(Return(std::unexpected(DomainError{ErrorCode::kUnavailable, "busy"})));
  EXPECT_EQ(service.summary().error().code, ErrorCode::kUnavailable);
}

TEST_F(ServiceTest, SummaryCountsPrefecturesWithStoresAndReportWindows) {
  EXPECT_CALL(store_repo, count_active()).WillOnce(Return(std::int64_t{12000}));
  EXPECT_CALL(store_repo, count_by_prefecture())
      .WillOnce(Return(std::vector<PrefectureCount>{{"tokyo", 10}, {"osaka", 0}, {"kyoto", 3}}));
  EXPECT_CALL(report_repo, counts(1795239000 - 86400, 1795239000 - 7 * 86400))
      .WillOnce(Return(ReportCounts{5, 40, 1795238000}));
  auto s = service.summary();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->store_count, 12000);
  EXPECT_EQ(s->prefecture_count, 2);
  EXPECT_EQ(s->reports.last_7d, 40);
}

TEST_F(ServiceTest, PrefectureCountsListAllFortySevenInJisOrder) {
  EXPECT_CALL(store_repo, count_by_prefecture()).WillOnce(Return(std::vector<PrefectureCount>{{"okinawa", 7}}));
  auto r = service.prefecture_counts();
  ASSERT_TRUE(r);
  ASSERT_EQ(r->size(), 47u);
  EXPECT_EQ(r->front().code, "hokkaido");
  EXPECT_EQ(r->front().count, 0);
  EXPECT_EQ(r->back().code, "okinawa");
  EXPECT_EQ(r->back().count, 7);
}

TEST_F(ServiceTest, TimelineLimitIsValidated) {
  EXPECT_CALL(report_repo, timeline(kDefaultTimelineLimit)).WillOnce(Return(std::vector<TimelineItem>{}));
  EXPECT_TRUE(service.timeline(std::nullopt));
  EXPECT_FALSE(service.timeline(std::string("500")));
}

}  // namespace pokeca
