// libFuzzer: the CSV and GeoJSON store import (adapters/import) into an in-memory
// repository; the first byte chooses the format.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fake_repositories.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/import/file_import.hpp"
#include "pokeca/map/gazetteer.hpp"

using namespace pokeca;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  const auto format = data[0] % 2 == 0 ? importer::ImportFormat::kCsv : importer::ImportFormat::kGeoJson;
  const std::string_view content(reinterpret_cast<const char*>(data) + 1, size - 1);
  testing::FakeStoreRepository stores;
  (void)importer::import_text(content, format, stores, gazetteer, testing::kTestNow);
  return 0;
}
