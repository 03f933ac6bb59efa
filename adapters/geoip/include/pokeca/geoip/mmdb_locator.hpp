#pragma once
// IpLocator over a MaxMind-format database (.mmdb), memory-mapped once at start. Reads
// both layouts an operator is likely to have: GeoLite2/GeoIP2 City (location.latitude,
// location.longitude, location.accuracy_radius) and the flat one of the
// @ip-location-db/*-city-mmdb packages (latitude, longitude). An entry whose country
// (country.iso_code or country_code) is not JP, or whose point lies outside Japan, is
// not used: the map has nothing there.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/map/ip_location.hpp"

namespace pokeca::geoip {

class MmdbLocator final : public IpLocator {
 public:
  // Opens the file; on failure returns nothing and sets `error` to a printable reason.
  [[nodiscard]] static std::unique_ptr<MmdbLocator> open(const std::filesystem::path& file, std::string& error);
  ~MmdbLocator() override;
  MmdbLocator(const MmdbLocator&) = delete;
  MmdbLocator& operator=(const MmdbLocator&) = delete;

  [[nodiscard]] std::optional<IpLocation> locate(std::string_view ip) const override;

 private:
  struct Database;
  explicit MmdbLocator(std::unique_ptr<Database> db);
  std::unique_ptr<Database> db_;
};

}  // namespace pokeca::geoip
