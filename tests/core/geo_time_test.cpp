#include <gtest/gtest.h>

#include "pokeca/map/store.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

TEST(Geo, HaversineMatchesKnownDistances) {
  const LatLng tokyo_station{35.6812, 139.7671}, shin_osaka{34.7334, 135.5001};
  EXPECT_NEAR(haversine_km(tokyo_station, shin_osaka), 403.0, 3.0);
  EXPECT_DOUBLE_EQ(haversine_km(tokyo_station, tokyo_station), 0.0);
  // One degree of latitude is about 111 km.
  EXPECT_NEAR(haversine_km({35, 139}, {36, 139}), 111.2, 0.2);
}

TEST(Geo, BboxAroundHoldsTheWholeCircle) {
  const LatLng c{43.06, 141.35};
  const auto box = bbox_around(c, 5.0);
  for (double bearing_lat : {-1.0, 0.0, 1.0})
    for (double bearing_lng : {-1.0, 0.0, 1.0}) {
      // Points exactly 5 km away along the axes and diagonals stay inside the box.
      const LatLng p{c.lat + bearing_lat * 5.0 / 111.2, c.lng + bearing_lng * 5.0 / (111.2 * 0.73)};
      if (haversine_km(c, p) <= 5.0) {
        EXPECT_TRUE(box.contains(p));
      }
    }
  EXPECT_NEAR(box.height_deg(), 10.0 / 111.2, 0.01);
}

TEST(Geo, ValidityChecks) {
  EXPECT_TRUE(is_valid_lat_lng({35, 139}));
  EXPECT_FALSE(is_valid_lat_lng({91, 0}));
  EXPECT_FALSE(is_valid_lat_lng({0, 181}));
  EXPECT_TRUE(is_valid_bbox({139, 35, 140, 36}));
  EXPECT_FALSE(is_valid_bbox({140, 35, 139, 36}));  // min > max
  EXPECT_FALSE(is_valid_bbox({139, 35, 139, 36}));  // empty
}

TEST(Time, FormatsAndParsesIso8601) {
  EXPECT_EQ(format_iso8601(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(format_iso8601(1795239000), "2026-11-21T05:30:00Z");
  EXPECT_EQ(parse_iso8601("2026-11-21T05:30:00Z"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T14:30:00+09:00"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T05:30:00.123Z"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T05:30:00"), std::nullopt);  // no zone
  EXPECT_EQ(parse_iso8601("2026-02-30T00:00:00Z"), std::nullopt);
  EXPECT_EQ(parse_iso8601("yesterday"), std::nullopt);
}

TEST(Time, ParsesTheOtherIso8601FormsBrowsersAndPeopleWrite) {
  // Minutes without seconds (an <input type="datetime-local"> value plus a zone).
  EXPECT_EQ(parse_iso8601("2026-11-21T14:30+09:00"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T05:30Z"), 1795239000);
  // Offsets without the colon, or hours only.
  EXPECT_EQ(parse_iso8601("2026-11-21T14:30:00+0900"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T14:30:00+09"), 1795239000);
  EXPECT_EQ(parse_iso8601("2026-11-21T00:30:00-05:00"), 1795239000);
  // Date.prototype.toISOString().
  EXPECT_EQ(parse_iso8601("2026-11-21T05:30:00.000Z"), 1795239000);
  // Broken forms stay refused.
  for (const auto* bad : {"2026-11-21T14:30", "2026-11-21T14:30:00+9", "2026-11-21T14:30:00+09:0",
                          "2026-11-21T14:30:00+090", "2026-11-21T14:30:00.Z", "2026-11-21T14:3Z",
                          "2026-11-21T14:30:00+09:00 ", "2026-11-21T24:00:00Z", "2026-11-21T14:30:00+24:00"})
    EXPECT_EQ(parse_iso8601(bad), std::nullopt) << bad;
}

TEST(StoreEnums, RoundTripThroughTheirApiNames) {
  EXPECT_EQ(to_string(ReportKind::kSoldOut), "sold_out");
  EXPECT_EQ(report_kind_from("bought"), ReportKind::kBought);
  EXPECT_EQ(product_from("box"), Product::kBox);
  EXPECT_EQ(product_from("boxes"), std::nullopt);
  EXPECT_EQ(location_precision_from(to_string(LocationPrecision::kMunicipality)), LocationPrecision::kMunicipality);
  EXPECT_EQ(store_status_from("closed"), StoreStatus::kClosed);
  EXPECT_EQ(store_source_from("import"), StoreSource::kImport);
}

}  // namespace pokeca
