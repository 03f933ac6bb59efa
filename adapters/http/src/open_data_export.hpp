#pragma once
// GET /api/v1/export/stores.csv and .geojson (issue 12): the open data file, built once
// per data generation (the first request after a write rebuilds it; the others share
// it) and answered from memory, so repeated downloads cost a copy, not a table scan.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "pokeca/open_data.hpp"
#include "pokeca/store_catalog.hpp"

namespace pokeca::http {

class OpenDataExport {
 public:
  // generation: the database's write generation (changes on every write); null = build
  // every time. now: the time stated in the file.
  OpenDataExport(StoreCatalog& catalog, std::function<std::uint64_t()> generation,
                 std::function<UnixSeconds()> now);

  // The file's text, shared; an error from the catalog.
  [[nodiscard]] Result<std::shared_ptr<const std::string>> file(ExportFormat format);

 private:
  struct Entry {
    std::uint64_t generation = 0;
    std::shared_ptr<const std::string> text;
  };
  StoreCatalog& catalog_;
  std::function<std::uint64_t()> generation_;
  std::function<UnixSeconds()> now_;
  std::mutex mutex_;  // one build at a time; waiters get its result
  Entry csv_, geojson_;
};

}  // namespace pokeca::http
