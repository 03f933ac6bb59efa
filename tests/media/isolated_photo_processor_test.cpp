// IsolatedPhotoProcessor with the real pokeca-photo-worker, and with fake workers (shell
// scripts) that crash, hang or talk nonsense: the parent gets an error each time and
// keeps working.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include "fixtures.hpp"
#include "pokeca/media/isolated_photo_processor.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::media {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): fixtures

IsolatedPhotoProcessorConfig worker_config() {
  IsolatedPhotoProcessorConfig config;
  config.worker_path = POKECA_PHOTO_WORKER;
  return config;
}

// An executable shell script in the test's temporary directory.
// Fake workers get a short timeout so that a mistake here cannot make the suite slow.
constexpr std::chrono::milliseconds kFakeTimeout{3000};

std::string fake_worker(const std::string& name, const std::string& body) {
  const std::string path = ::testing::TempDir() + "pokeca_fake_photo_worker_" + name;
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  ::chmod(path.c_str(), 0755);
  return path;
}

void expect_processing_failed(const Result<ProcessedPhoto>& result) {
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kUnsupportedMedia);
  EXPECT_EQ(result.error().message, msg::kPhotoProcessingFailed);
  EXPECT_EQ(result.error().detail, "photo/processing-failed");
}

TEST(IsolatedPhotoProcessor, ProcessesAPhotoInTheWorker) {
  const IsolatedPhotoProcessor processor(worker_config());
  WorkerUsage usage;
  const auto result = processor.process(with_exif(make_jpeg(1800, 1200), 6), &usage);
  ASSERT_TRUE(result.has_value()) << result.error().message;
  EXPECT_EQ(result->source_format, PhotoFormat::kJpeg);
  EXPECT_EQ(result->photo.width, 1067);
  EXPECT_EQ(result->photo.height, 1600);
  EXPECT_FALSE(contains(Bytes(result->photo.bytes.begin(), result->photo.bytes.end()), kGpsMarker));
  EXPECT_TRUE(decode_jpeg_for_test(Bytes(result->thumbnail.bytes.begin(), result->thumbnail.bytes.end())).has_value());
  EXPECT_GT(usage.max_rss_kib, 0);
}

TEST(IsolatedPhotoProcessor, PassesTheWorkersDomainErrorsThrough) {
  const IsolatedPhotoProcessor processor(worker_config());
  const auto bomb = processor.process(png_header_claiming(100'000, 100'000));
  ASSERT_FALSE(bomb.has_value());
  EXPECT_EQ(bomb.error().code, ErrorCode::kPayloadTooLarge);
  EXPECT_EQ(bomb.error().message, msg::kPhotoTooManyPixels);
  const auto cut = processor.process(truncated(make_png(64, 64), 60));
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(cut.error().detail, "photo/corrupt");
}

TEST(IsolatedPhotoProcessor, RefusesUnknownTypesWithoutAWorker) {
  const IsolatedPhotoProcessor processor({.worker_path = fake_worker("unused", "exit 99")});
  const auto result = processor.process(bytes_of("not an image"));
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kUnsupportedMedia);
  EXPECT_EQ(result.error().message, msg::kPhotoUnsupportedType);
}

TEST(IsolatedPhotoProcessor, AWorkerCrashCostsOnlyThatUpload) {
  const IsolatedPhotoProcessor crashing({.worker_path = fake_worker("segv", "kill -SEGV $$"), .timeout = kFakeTimeout});
  const auto started = std::chrono::steady_clock::now();
  expect_processing_failed(crashing.process(make_jpeg(64, 64)));
  // A crash after reading the whole upload, too.
  const IsolatedPhotoProcessor crashing_late(
      {.worker_path = fake_worker("segv_late", "cat > /dev/null\nkill -SEGV $$"), .timeout = kFakeTimeout});
  expect_processing_failed(crashing_late.process(make_jpeg(640, 480)));
  EXPECT_LT(std::chrono::steady_clock::now() - started, kFakeTimeout);  // noticed at once, not at the timeout
  // The parent is fine and the real worker still works.
  const IsolatedPhotoProcessor real(worker_config());
  EXPECT_TRUE(real.process(make_png(32, 32)).has_value());
}

TEST(IsolatedPhotoProcessor, AHangingWorkerIsKilledAtTheTimeout) {
  const IsolatedPhotoProcessor hanging(
      {.worker_path = fake_worker("hang", "exec sleep 60"), .timeout = std::chrono::milliseconds(300)});
  const auto started = std::chrono::steady_clock::now();
  expect_processing_failed(hanging.process(make_jpeg(64, 64)));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST(IsolatedPhotoProcessor, NonsenseAnswersAndBadExitsAreFailures) {
  for (const char* body : {"echo garbage", "cat > /dev/null; exit 0",
                           "printf '\\002\\000\\000\\000\\000\\000\\000\\000\\007\\007'", "exit 3"}) {
    const IsolatedPhotoProcessor processor({.worker_path = fake_worker("nonsense", body), .timeout = kFakeTimeout});
    expect_processing_failed(processor.process(make_jpeg(64, 64)));
  }
}

TEST(IsolatedPhotoProcessor, MemoryLimitStopsABigDecode) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS is not applied under AddressSanitizer";
#else
  // 3000×3000 RGB needs 27 MB of pixels alone; the worker gets 16 MiB of address space
  // beyond what it needs to start, so the allocation fails and the worker dies.
  IsolatedPhotoProcessorConfig config = worker_config();
  config.memory_limit_bytes = 64ULL * 1024 * 1024;
  const IsolatedPhotoProcessor limited(config);
  expect_processing_failed(limited.process(make_png(3000, 3000)));
  EXPECT_TRUE(IsolatedPhotoProcessor(worker_config()).process(make_png(3000, 3000)).has_value());
#endif
}

TEST(IsolatedPhotoProcessor, StartUpChecksTheConfiguration) {
  EXPECT_THROW(IsolatedPhotoProcessor({.worker_path = ""}), std::invalid_argument);
  EXPECT_THROW(IsolatedPhotoProcessor({.worker_path = "/nonexistent/pokeca-photo-worker"}), std::invalid_argument);
  EXPECT_THROW(IsolatedPhotoProcessor({.worker_path = POKECA_PHOTO_WORKER, .cpu_seconds = 0}), std::invalid_argument);
}

}  // namespace
}  // namespace pokeca::media
