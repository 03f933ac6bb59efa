#pragma once
// GET /api/v1/export/stores.csv and .geojson: the open data files, written
// to disk page by page (never whole in memory) with a gzip copy beside each, and sent
// from there in pieces. Only the very first request waits for a build: later, when the
// data changed and the files are kOpenDataRefreshSeconds old, a request starts a rebuild
// in the background and is still sent the current files at once.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

#include "pokeca/map/open_data.hpp"
#include "pokeca/map/store_catalog.hpp"

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
  // Stops a background build (its partial files are removed) and waits for it.
  ~OpenDataExport();
  OpenDataExport(const OpenDataExport&) = delete;
  OpenDataExport& operator=(const OpenDataExport&) = delete;

  // The files of `format` as they are now: built first (waited for) when there are none;
  // when they are due, a rebuild starts in the background and these are answered anyway.
  // An error from the catalog or the disk (first build only; a background failure is
  // logged and the files stay as they were).
  [[nodiscard]] Result<ExportFiles> files(ExportFormat format);

  // Waits until no build runs (tests).
  void wait_idle();

 private:
  struct Entry {
    bool built = false;
    std::uint64_t generation = 0;  // the data generation the files were built from
    ExportFiles files;
  };
  Entry& entry(ExportFormat format) { return format == ExportFormat::kCsv ? csv_ : geojson_; }
  [[nodiscard]] bool due(const Entry& entry) const;
  void rebuild_in_background(ExportFormat format);
  [[nodiscard]] Result<ExportFiles> build(ExportFormat format, const std::stop_token& stop);

  StoreCatalog& catalog_;
  std::filesystem::path dir_;
  std::function<std::uint64_t()> generation_;
  std::function<UnixSeconds()> now_;
  std::mutex mutex_;  // guards the entries and building_
  std::condition_variable idle_;
  bool building_ = false;  // one build at a time, of either format (each reads every store)
  Entry csv_, geojson_;
  std::jthread worker_;  // last: stopped and joined before the rest goes
};

}  // namespace pokeca::http
