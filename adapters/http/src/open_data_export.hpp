#pragma once
// GET /api/v1/export/stores.csv and .geojson (issue 12 §5): the open data files, written
// to disk page by page (never whole in memory) with a gzip copy beside each, and sent
// from there in pieces. A file is rebuilt when the data changed AND it is older than
// kOpenDataRefreshSeconds, so a busy site rebuilds at most that often, and while one
// request rebuilds, the others are sent the previous file at once.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>

#include "pokeca/open_data.hpp"
#include "pokeca/store_catalog.hpp"

namespace pokeca::http {

// One built export: the plain file, its gzip copy and when it was made (stated in it).
struct ExportFiles {
  std::filesystem::path plain;
  std::filesystem::path gzip;
  UnixSeconds generated_at = 0;
};

class OpenDataExport {
 public:
  // dir: where the files live (made when first needed; files left by an earlier run are
  // rebuilt, not trusted). generation: the database's write generation (changes on every
  // write). now: the clock stated in the files and used for their age.
  OpenDataExport(StoreCatalog& catalog, std::filesystem::path dir, std::function<std::uint64_t()> generation,
                 std::function<UnixSeconds()> now);

  // The current files of `format`, built first when there are none or they are due; an
  // error from the catalog or the disk.
  [[nodiscard]] Result<ExportFiles> files(ExportFormat format);

 private:
  struct Entry {
    bool built = false;
    bool building = false;
    std::uint64_t generation = 0;
    ExportFiles files;
    std::mutex build;  // one build of this format at a time; a first request waits here
  };
  [[nodiscard]] bool current(const Entry& entry, std::uint64_t generation, UnixSeconds now) const;
  [[nodiscard]] Result<ExportFiles> build(ExportFormat format, UnixSeconds now);

  StoreCatalog& catalog_;
  std::filesystem::path dir_;
  std::function<std::uint64_t()> generation_;
  std::function<UnixSeconds()> now_;
  std::mutex mutex_;  // guards the entries' fields other than `build`
  Entry csv_, geojson_;
};

}  // namespace pokeca::http
