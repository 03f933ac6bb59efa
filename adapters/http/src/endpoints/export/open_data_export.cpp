#include "endpoints/export/open_data_export.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <system_error>
#include <utility>

#include "common/access_log.hpp"
#include "pokeca/shared/messages.hpp"

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
    if (std::fwrite(piece.data(), 1, piece.size(), plain_.get()) != piece.size())
      fail("write " + plain_tmp_.string());
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

OpenDataExport::~OpenDataExport() {
  if (worker_.joinable()) {
    worker_.request_stop();
    worker_.join();
  }
}

bool OpenDataExport::due(const Entry& entry) const {
  if (generation_ && entry.generation == generation_()) return false;  // nothing written since
  return now_() - entry.files.generated_at >= kOpenDataRefreshSeconds;
}

Result<ExportFiles> OpenDataExport::files(ExportFormat format) {
  std::unique_lock lock(mutex_);
  auto& current = entry(format);
  if (current.built) {
    if (!building_ && due(current)) rebuild_in_background(format);
    return current.files;
  }
  // The first build: this request waits for it (and for any build before it).
  idle_.wait(lock, [this] { return !building_; });
  if (current.built) return current.files;  // another request built it meanwhile
  building_ = true;
  const auto generation = generation_ ? generation_() : 0;  // read first: a write during the build leaves it due
  lock.unlock();
  auto built = build(format, {});
  lock.lock();
  building_ = false;
  idle_.notify_all();
  if (!built) return built;
  current = {true, generation, *built};
  return current.files;
}

// Called with mutex_ held and no build running.
void OpenDataExport::rebuild_in_background(ExportFormat format) {
  building_ = true;
  const auto generation = generation_ ? generation_() : 0;
  if (worker_.joinable()) worker_.join();  // the last one has finished its build; only its return is left
  worker_ = std::jthread([this, format, generation](const std::stop_token& stop) {
    auto built = build(format, stop);
    std::lock_guard lock(mutex_);
    building_ = false;
    idle_.notify_all();
    if (built) {
      entry(format) = {true, generation, *built};
    } else if (!stop.stop_requested()) {
      write_error_log(format_error_log({"-", "-", "-", 500, "export_failed", built.error().cause()}, now_()));
    }
  });
}

void OpenDataExport::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !building_; });
}

Result<ExportFiles> OpenDataExport::build(ExportFormat format, const std::stop_token& stop) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) return fail_logged(ErrorCode::kInternal, msg::kInternal, "export dir " + dir_.string() + ": " + ec.message());
  const auto name = "stores" + std::string(extension(format));
  const auto now = now_();
  ExportFiles files{dir_ / name, dir_ / (name + ".gz"), now};
  ExportWriter writer(files.plain, files.gzip);
  if (!writer.error().empty()) return fail_logged(ErrorCode::kInternal, msg::kInternal, writer.error());
  struct Stopped {};
  try {
    auto written = export_active_stores(catalog_, format, now, [&](std::string_view piece) {
      if (stop.stop_requested()) throw Stopped{};  // shutting down: the writer removes its files
      writer.write(piece);
    });
    if (!written) return std::unexpected(written.error());
  } catch (const Stopped&) {
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "export build stopped");
  }
  if (auto failed = writer.commit(files.plain, files.gzip); !failed.empty())
    return fail_logged(ErrorCode::kInternal, msg::kInternal, failed);
  return files;
}

}  // namespace pokeca::http
