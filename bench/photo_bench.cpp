// Photo pipeline: a 12-megapixel JPEG and HEIC (generated here, photo-like content) to
// the stored JPEG and thumbnail. Times the in-process pipeline (median of N) and the
// isolated one (a fresh pokeca-photo-worker per photo, as the server does), with the
// worker's peak resident memory from wait4's rusage. Figures in bench/RESULTS.md.
//
//   photo_bench [--runs N] [--worker PATH] [--write-fixtures DIR]
// --write-fixtures only writes DIR/photo-12mp.jpg and DIR/photo-12mp.heic (the same inputs)
// for bench/submission_bench.sh and exits.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "fixtures.hpp"
#include "pokeca/media/in_process_photo_processor.hpp"
#include "pokeca/media/isolated_photo_processor.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using pokeca::media::testing::Bytes;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void run(const char* name, const Bytes& upload, int runs, const pokeca::media::IsolatedPhotoProcessor& isolated) {
  const pokeca::media::InProcessPhotoProcessor in_process;
  std::vector<double> in_ms;
  std::vector<double> iso_ms;
  std::vector<double> rss_mib;
  std::size_t photo_bytes = 0;
  std::size_t thumb_bytes = 0;
  for (int i = 0; i < runs; ++i) {
    auto start = Clock::now();
    const auto a = in_process.process(upload);
    in_ms.push_back(ms_since(start));
    if (!a) {
      std::fprintf(stderr, "%s: %s\n", name, a.error().message.c_str());
      std::exit(1);
    }
    photo_bytes = a->photo.bytes.size();
    thumb_bytes = a->thumbnail.bytes.size();
    pokeca::media::WorkerUsage usage;
    start = Clock::now();
    const auto b = isolated.process(upload, &usage);
    iso_ms.push_back(ms_since(start));
    if (!b) {
      std::fprintf(stderr, "%s (worker): %s\n", name, b.error().message.c_str());
      std::exit(1);
    }
    rss_mib.push_back(static_cast<double>(usage.max_rss_kib) / 1024.0);
  }
  std::printf(
      "%-5s upload %6.2f MB | in-process median %7.1f ms | worker median %7.1f ms, peak RSS %6.1f MiB | "
      "out %4zu KB + thumb %3zu KB\n",
      name, static_cast<double>(upload.size()) / 1e6, median(in_ms), median(iso_ms), median(rss_mib),
      photo_bytes / 1024, thumb_bytes / 1024);
}

void write_file(const std::filesystem::path& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 7;
  std::string worker = POKECA_PHOTO_WORKER;
  std::string fixtures_dir;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
    if (flag == "--worker") worker = argv[i + 1];
    if (flag == "--write-fixtures") fixtures_dir = argv[i + 1];
  }
  constexpr int kWidth = 4000;
  constexpr int kHeight = 3000;  // 12 MP, a typical phone photo
  const auto pixels = pokeca::media::testing::photo_like(kWidth, kHeight);
  const Bytes jpeg =
      pokeca::media::testing::with_exif(pokeca::media::testing::jpeg_from_rgb(pixels, kWidth, kHeight, 92), 6);
  const auto heic = pokeca::media::testing::heic_from_rgb(pixels, kWidth, kHeight, 60);
  if (!fixtures_dir.empty()) {
    write_file(std::filesystem::path(fixtures_dir) / "photo-12mp.jpg", jpeg);
    if (heic) write_file(std::filesystem::path(fixtures_dir) / "photo-12mp.heic", *heic);
    return 0;
  }
  const pokeca::media::IsolatedPhotoProcessor isolated({.worker_path = worker});
  std::printf("photo_bench: %d×%d, %d runs each\n", kWidth, kHeight, runs);
  run("JPEG", jpeg, runs, isolated);
  if (heic) {
    run("HEIC", *heic, runs, isolated);
  } else {
    std::printf("HEIC  skipped: libheif has no HEVC encoder here\n");
  }
  return 0;
}
