#include "pokeca/geoip/mmdb_locator.hpp"

#include <maxminddb.h>

#include <cstdint>
#include <utility>

namespace pokeca::geoip {

struct MmdbLocator::Database {
  MMDB_s mmdb{};
  bool opened = false;  // a failed MMDB_open leaves nothing to close
  ~Database() {
    if (opened) MMDB_close(&mmdb);
  }
};

namespace {

// A number at `path` in the entry (double, float or an unsigned integer), else nothing.
template <typename... Keys>
std::optional<double> number_at(MMDB_entry_s& entry, Keys... path) {
  MMDB_entry_data_s data{};
  if (MMDB_get_value(&entry, &data, path..., nullptr) != MMDB_SUCCESS || !data.has_data) return std::nullopt;
  switch (data.type) {
    case MMDB_DATA_TYPE_DOUBLE: return data.double_value;
    case MMDB_DATA_TYPE_FLOAT: return static_cast<double>(data.float_value);
    case MMDB_DATA_TYPE_UINT16: return static_cast<double>(data.uint16);
    case MMDB_DATA_TYPE_UINT32: return static_cast<double>(data.uint32);
    default: return std::nullopt;
  }
}

// The entry's ISO country code in either layout, or "" when it has none.
std::string country_of(MMDB_entry_s& entry) {
  MMDB_entry_data_s data{};
  for (const bool geolite : {true, false}) {
    const int status = geolite ? MMDB_get_value(&entry, &data, "country", "iso_code", nullptr)
                               : MMDB_get_value(&entry, &data, "country_code", nullptr);
    if (status == MMDB_SUCCESS && data.has_data && data.type == MMDB_DATA_TYPE_UTF8_STRING)
      return {data.utf8_string, data.data_size};
  }
  return {};
}

}  // namespace

std::unique_ptr<MmdbLocator> MmdbLocator::open(const std::filesystem::path& file, std::string& error) {
  auto db = std::make_unique<Database>();
  const int status = MMDB_open(file.c_str(), MMDB_MODE_MMAP, &db->mmdb);
  if (status != MMDB_SUCCESS) {
    error = MMDB_strerror(status);
    return nullptr;
  }
  db->opened = true;
  return std::unique_ptr<MmdbLocator>(new MmdbLocator(std::move(db)));
}

MmdbLocator::MmdbLocator(std::unique_ptr<Database> db) : db_(std::move(db)) {}
MmdbLocator::~MmdbLocator() = default;

std::optional<IpLocation> MmdbLocator::locate(std::string_view ip) const {
  const std::string text(ip);  // libmaxminddb wants a NUL-terminated string
  int gai_error = 0;
  int mmdb_error = MMDB_SUCCESS;
  MMDB_lookup_result_s found = MMDB_lookup_string(&db_->mmdb, text.c_str(), &gai_error, &mmdb_error);
  if (gai_error != 0 || mmdb_error != MMDB_SUCCESS || !found.found_entry) return std::nullopt;
  // The box around Japan also holds parts of Korea, China and Russia: trust the country
  // when the database names one.
  if (const auto country = country_of(found.entry); !country.empty() && country != "JP") return std::nullopt;

  auto lat = number_at(found.entry, "location", "latitude");
  auto lng = number_at(found.entry, "location", "longitude");
  if (!lat || !lng) {
    lat = number_at(found.entry, "latitude");
    lng = number_at(found.entry, "longitude");
  }
  if (!lat || !lng) return std::nullopt;
  IpLocation location{
      .point = {.lat = *lat, .lng = *lng},
      .accuracy_km = static_cast<int>(number_at(found.entry, "location", "accuracy_radius").value_or(0))};
  if (!usable_ip_location(location)) return std::nullopt;
  return location;
}

}  // namespace pokeca::geoip
