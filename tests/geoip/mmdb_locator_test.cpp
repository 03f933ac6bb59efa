// MmdbLocator on the database write_test_mmdb.pl writes: both layouts, IPv4 and IPv6,
// positions outside Japan refused, and files that cannot be opened.
#include <gtest/gtest.h>

#include "pokeca/geoip/mmdb_locator.hpp"
#include "pokeca/testing/temp_dir.hpp"

namespace pokeca::testing {
namespace {

std::unique_ptr<geoip::MmdbLocator> open_test_db() {
  std::string error;
  auto locator = geoip::MmdbLocator::open(POKECA_TEST_MMDB, error);
  EXPECT_TRUE(locator) << error;
  return locator;
}

TEST(MmdbLocator, ReadsTheGeoLite2CityLayout) {
  const auto db = open_test_db();
  const auto tokyo = db->locate("127.0.0.1");
  ASSERT_TRUE(tokyo);
  EXPECT_DOUBLE_EQ(tokyo->point.lat, 35.6812);
  EXPECT_DOUBLE_EQ(tokyo->point.lng, 139.7671);
  EXPECT_EQ(tokyo->accuracy_km, 20);
}

TEST(MmdbLocator, ReadsTheFlatIpLocationDbLayout) {
  const auto osaka = open_test_db()->locate("10.20.30.40");
  ASSERT_TRUE(osaka);
  EXPECT_DOUBLE_EQ(osaka->point.lat, 34.7025);
  EXPECT_DOUBLE_EQ(osaka->point.lng, 135.4959);
  EXPECT_EQ(osaka->accuracy_km, 0);  // that layout has no radius
}

TEST(MmdbLocator, ReadsIpv6) {
  const auto sapporo = open_test_db()->locate("2001:db8:1::7");
  ASSERT_TRUE(sapporo);
  EXPECT_DOUBLE_EQ(sapporo->point.lat, 43.0687);
  EXPECT_EQ(sapporo->accuracy_km, 100);
}

TEST(MmdbLocator, FindsNothingOutsideJapanOrTheDatabaseOrForGarbage) {
  const auto db = open_test_db();
  EXPECT_FALSE(db->locate("192.0.2.10"));  // Paris: in the file, useless to this map
  EXPECT_FALSE(db->locate("172.16.5.5"));  // ソウル: inside the box around Japan, country KR
  EXPECT_FALSE(db->locate("8.8.8.8"));     // not in the file
  EXPECT_FALSE(db->locate(""));
  EXPECT_FALSE(db->locate("not an address"));
  EXPECT_FALSE(db->locate("127.0.0.1\nHost: x"));
}

TEST(MmdbLocator, ReportsAFileItCannotOpen) {
  TempDir dir;
  std::string error;
  EXPECT_FALSE(geoip::MmdbLocator::open(dir.path() / "missing.mmdb", error));
  EXPECT_FALSE(error.empty());
  dir.write("junk.mmdb", "this is not a MaxMind database");
  error.clear();
  EXPECT_FALSE(geoip::MmdbLocator::open(dir.path() / "junk.mmdb", error));
  EXPECT_FALSE(error.empty());
}

TEST(NoIpLocator, FindsNothing) { EXPECT_FALSE(kNoIpLocator.locate("127.0.0.1")); }

TEST(UsableIpLocation, OnlyRealPointsInJapan) {
  EXPECT_TRUE(usable_ip_location({.point = {35.68, 139.76}}));
  EXPECT_FALSE(usable_ip_location({.point = {0, 0}}));            // "unknown" in many databases
  EXPECT_FALSE(usable_ip_location({.point = {-33.87, 151.21}}));  // Sydney
  EXPECT_FALSE(usable_ip_location({.point = {91, 139}}));
}

}  // namespace
}  // namespace pokeca::testing
