#include "open_data_export.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <system_error>
#include <utility>

#include "pokeca/messages.hpp"

namespace pokeca::http {
namespace {

namespace fs = std::filesystem;

// zlib's buffer for the gzip copy (its default, 8 KiB, costs a write per 8 KiB).
constexpr unsigned kGzipBufferBytes = 256 * 1024;
// Level 6 (zlib's default): the copy is written once per build and sent many times.
constexpr const char* kGzipWriteMode = "wb6";

std::string_view extension(ExportFormat format) { return format == ExportFormat::kCsv ? ".csv" : ".geojson"; }

// Both files of one build, written beside their final names and renamed over them at
// the end; a failed build leaves the previous files as they were.
class ExportWriter {
 public:
  ExportWriter(const fs::path& plain, const fs::path& gzip)
      : plain_tmp_(plain.string() + ".tmp"), gzip_tmp_(gzip.string() + ".tmp") {
    plain_.reset(std::fopen(plain_tmp_.c_str(), "wb"));
    if (!plain_) {
      fail("fopen " + plain_tmp_.string());
      return;
    }
    gzip_ = gzopen(gzip_tmp_.c_str(), kGzipWriteMode);
    if (!gzip_) {
      fail("gzopen " + gzip_tmp_.string());
      return;
    }
    gzbuffer(gzip_, kGzipBufferBytes);
  }
  ~ExportWriter() {
    if (gzip_) gzclose(gzip_);
    if (!committed_) {
      std::error_code ignored;
      fs::remove(plain_tmp_, ignored);
      fs::remove(gzip_tmp_, ignored);
    }
  }
  ExportWriter(const ExportWriter&) = delete;
  ExportWriter& operator=(const ExportWriter&) = delete;

  void write(std::string_view piece) {
    if (!error_.empty() || piece.empty()) return;
    if (std::fwrite(piece.data(), 1, piece.size(), plain_.get()) != piece.size()) fail("write " + plain_tmp_.string());
    else if (gzwrite(gzip_, piece.data(), static_cast<unsigned>(piece.size())) != static_cast<int>(piece.size()))
      fail("gzwrite " + gzip_tmp_.string());
  }

  // Closes both and renames them into place (the gzip copy first, so a plain file is
  // never newer than its copy). Empty on success, else what failed.
  std::string commit(const fs::path& plain, const fs::path& gzip) {
    if (!error_.empty()) return error_;
    const int gz = gzclose(gzip_);
    gzip_ = nullptr;
    if (gz != Z_OK) return "gzclose " + gzip_tmp_.string();
    if (std::fclose(plain_.release()) != 0) return "fclose " + plain_tmp_.string() + ": " + std::strerror(errno);
    std::error_code ec;
    fs::rename(gzip_tmp_, gzip, ec);
    if (!ec) fs::rename(plain_tmp_, plain, ec);
    if (ec) return "rename into " + plain.parent_path().string() + ": " + ec.message();
    committed_ = true;
    return {};
  }

  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  void fail(std::string what) {
    if (error_.empty()) error_ = std::move(what) + ": " + std::strerror(errno);
  }
  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  fs::path plain_tmp_, gzip_tmp_;
  std::unique_ptr<std::FILE, CloseFile> plain_;
  gzFile gzip_ = nullptr;
  std::string error_;
  bool committed_ = false;
};

}  // namespace

OpenDataExport::OpenDataExport(StoreCatalog& catalog, fs::path dir, std::function<std::uint64_t()> generation,
                               std::function<UnixSeconds()> now)
    : catalog_(catalog), dir_(std::move(dir)), generation_(std::move(generation)), now_(std::move(now)) {}

bool OpenDataExport::current(const Entry& entry, std::uint64_t generation, UnixSeconds now) const {
  if (!entry.built) return false;
  if (generation_ && entry.generation == generation) return true;  // nothing written since
  return now - entry.files.generated_at < kOpenDataRefreshSeconds;
}

Result<ExportFiles> OpenDataExport::files(ExportFormat format) {
  auto& entry = format == ExportFormat::kCsv ? csv_ : geojson_;
  {
    std::lock_guard lock(mutex_);
    // Current, or being rebuilt by another request: the files there are now.
    if (current(entry, generation_ ? generation_() : 0, now_()) || (entry.built && entry.building))
      return entry.files;
  }
  std::lock_guard build_lock(entry.build);
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    // Read before the build: a write during it leaves the files due again.
    generation = generation_ ? generation_() : 0;
    if (current(entry, generation, now_())) return entry.files;  // built while this one waited
    entry.building = true;
  }
  auto built = build(format, now_());
  std::lock_guard lock(mutex_);
  entry.building = false;
  if (!built) return built;
  entry.built = true;
  entry.generation = generation;
  entry.files = *built;
  return entry.files;
}

Result<ExportFiles> OpenDataExport::build(ExportFormat format, UnixSeconds now) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) return fail_logged(ErrorCode::kInternal, msg::kInternal, "export dir " + dir_.string() + ": " + ec.message());
  const auto name = "stores" + std::string(extension(format));
  ExportFiles files{dir_ / name, dir_ / (name + ".gz"), now};
  ExportWriter writer(files.plain, files.gzip);
  if (!writer.error().empty()) return fail_logged(ErrorCode::kInternal, msg::kInternal, writer.error());
  auto written = export_active_stores(catalog_, format, now, [&](std::string_view piece) { writer.write(piece); });
  if (!written) return std::unexpected(written.error());
  if (auto failed = writer.commit(files.plain, files.gzip); !failed.empty())
    return fail_logged(ErrorCode::kInternal, msg::kInternal, failed);
  return files;
}

}  // namespace pokeca::http
