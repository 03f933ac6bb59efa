// InProcessPhotoProcessor end to end on generated fixtures: every accepted type, the
// EXIF orientation, metadata stripping, and the refusals (type, size, pixel bombs,
// truncated and mangled files).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "fixtures.hpp"
#include "pokeca/media/in_process_photo_processor.hpp"
#include "pokeca/media/photo_format.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::media {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): fixtures

const InProcessPhotoProcessor kProcessor;

void expect_clean_jpeg(const EncodedJpeg& jpeg, int max_long_edge) {
  const Bytes bytes(jpeg.bytes.begin(), jpeg.bytes.end());
  const auto decoded = decode_jpeg_for_test(bytes);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->width, jpeg.width);
  EXPECT_EQ(decoded->height, jpeg.height);
  EXPECT_LE(std::max(jpeg.width, jpeg.height), max_long_edge);
  // Only the JFIF APP0 header libjpeg always writes; no EXIF (APP1), ICC (APP2), COM.
  EXPECT_EQ(jpeg_metadata_markers(bytes), std::vector<std::uint8_t>{0xE0});
  EXPECT_FALSE(contains(bytes, std::string_view("Exif\0\0", 6)));
}

void expect_processed(const Result<ProcessedPhoto>& result, PhotoFormat format, int width, int height) {
  ASSERT_TRUE(result.has_value()) << result.error().message;
  EXPECT_EQ(result->source_format, format);
  EXPECT_EQ(result->photo.width, width);
  EXPECT_EQ(result->photo.height, height);
  expect_clean_jpeg(result->photo, kPhotoMaxLongEdge);
  expect_clean_jpeg(result->thumbnail, kThumbnailMaxLongEdge);
  EXPECT_EQ(std::max(result->thumbnail.width, result->thumbnail.height),
            std::min(kThumbnailMaxLongEdge, std::max(width, height)));
  EXPECT_LT(result->thumbnail.bytes.size(), result->photo.bytes.size() + 1);
}

void expect_error(const Result<ProcessedPhoto>& result, ErrorCode code, std::string_view message,
                  std::string_view detail) {
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, code);
  EXPECT_EQ(result.error().message, message);
  EXPECT_EQ(result.error().detail, detail);
}

TEST(PhotoLimits, FollowTheSpec) {
  EXPECT_EQ(kMaxImagesPerSubmission, 3U);
  EXPECT_EQ(kMaxPhotoBytes, 10U * 1024 * 1024);
  EXPECT_EQ(kMaxPhotoPixels, 40'000'000U);
  EXPECT_EQ(kPhotoMaxLongEdge, 1600);
}

TEST(PhotoPipeline, LargeJpegWithExifIsRotatedScaledAndStripped) {
  const Bytes upload = with_exif(make_jpeg(2400, 1800), 6);
  ASSERT_TRUE(contains(upload, kGpsMarker));  // the fixture really carries GPS
  const auto result = kProcessor.process(upload);
  // Orientation 6: the 2400×1800 stored image is shown 1800×2400, fitted to 1200×1600.
  expect_processed(result, PhotoFormat::kJpeg, 1200, 1600);
  EXPECT_EQ(result->thumbnail.width, 240);
  EXPECT_EQ(result->thumbnail.height, 320);
  for (const auto* jpeg : {&result->photo, &result->thumbnail}) {
    const Bytes bytes(jpeg->bytes.begin(), jpeg->bytes.end());
    EXPECT_FALSE(contains(bytes, kGpsMarker));
    EXPECT_FALSE(contains(bytes, "Exif"));
  }
  // The red block was top-left as stored; rotated 90° clockwise it is top-right.
  const auto shown = decode_jpeg_for_test(Bytes(result->photo.bytes.begin(), result->photo.bytes.end()));
  ASSERT_TRUE(shown.has_value());
  EXPECT_GT(shown->at(shown->width - 20, 20).r, 180);
  EXPECT_LT(shown->at(shown->width - 20, 20).g, 80);
  EXPECT_LT(shown->at(20, 20).r, 150);
}

TEST(PhotoPipeline, EveryExifOrientationGivesUprightSize) {
  for (int orientation = 1; orientation <= 8; ++orientation) {
    const auto result = kProcessor.process(with_exif(make_jpeg(64, 32), orientation));
    ASSERT_TRUE(result.has_value()) << orientation;
    EXPECT_EQ(result->photo.width, orientation >= 5 ? 32 : 64) << orientation;
    EXPECT_EQ(result->photo.height, orientation >= 5 ? 64 : 32) << orientation;
  }
}

TEST(PhotoPipeline, SmallJpegIsNotScaledUp) {
  expect_processed(kProcessor.process(make_jpeg(300, 200)), PhotoFormat::kJpeg, 300, 200);
}

TEST(PhotoPipeline, PngWithAlphaIsFlattenedOntoWhite) {
  const auto result = kProcessor.process(make_png(1700, 900, /*with_alpha=*/true));
  expect_processed(result, PhotoFormat::kPng, 1600, 847);
  const auto small = kProcessor.process(make_png(40, 30, /*with_alpha=*/true));
  ASSERT_TRUE(small.has_value());
  const auto pixels = decode_jpeg_for_test(Bytes(small->photo.bytes.begin(), small->photo.bytes.end()));
  ASSERT_TRUE(pixels.has_value());
  EXPECT_GT(pixels->at(39, 29).b, 200);  // the transparent corner is white-ish, not black
  EXPECT_GT(pixels->at(39, 29).r, 150);
}

TEST(PhotoPipeline, Webp) { expect_processed(kProcessor.process(make_webp(800, 600)), PhotoFormat::kWebp, 800, 600); }

TEST(PhotoPipeline, GifKeepsTheFirstFrame) {
  const auto result = kProcessor.process(make_gif(120, 80, Rgb{0, 200, 0}));
  expect_processed(result, PhotoFormat::kGif, 120, 80);
  const auto pixels = decode_jpeg_for_test(Bytes(result->photo.bytes.begin(), result->photo.bytes.end()));
  ASSERT_TRUE(pixels.has_value());
  EXPECT_GT(pixels->at(60, 40).g, 150);  // green first frame, not the blue second one
  EXPECT_LT(pixels->at(60, 40).b, 80);
}

TEST(PhotoPipeline, Heic) {
  const auto heic = make_heic(640, 480);
  if (!heic) GTEST_SKIP() << "the installed libheif has no HEVC encoder to make a fixture";
  EXPECT_EQ(sniff_photo_format(*heic), PhotoFormat::kHeif);
  expect_processed(kProcessor.process(*heic), PhotoFormat::kHeif, 640, 480);
}

TEST(PhotoPipeline, UnknownTypesAre415) {
  for (std::string_view text : {std::string_view(""), std::string_view("hello"), std::string_view("%PDF-1.7\n"),
                                std::string_view("BM\x36\x00\x00\x00", 6), std::string_view("<svg xmlns=\"\"/>"),
                                std::string_view("\x00\x00\x00\x1C"
                                                 "ftypavif\x00\x00\x00\x00"
                                                 "avifmif1miaf",
                                                 28)}) {
    expect_error(kProcessor.process(bytes_of(text)), ErrorCode::kUnsupportedMedia, msg::kPhotoUnsupportedType,
                 "photo/unsupported-type");
  }
}

TEST(PhotoPipeline, UploadOverTheByteLimitIsRefused) {
  Bytes upload = make_jpeg(16, 16);
  upload.resize(kMaxPhotoBytes + 1);
  expect_error(kProcessor.process(upload), ErrorCode::kPayloadTooLarge, msg::kPhotoTooLarge, "photo/too-large");
}

TEST(PhotoPipeline, PixelBombsAreRefusedFromTheHeader) {
  for (const Bytes& bomb : {png_header_claiming(100'000, 100'000), jpeg_header_claiming(60'000, 60'000),
                            gif_header_claiming(65'535, 65'535), png_header_claiming(8000, 5001)}) {
    ASSERT_LT(bomb.size(), 1024U);
    expect_error(kProcessor.process(bomb), ErrorCode::kPayloadTooLarge, msg::kPhotoTooManyPixels,
                 "photo/too-many-pixels");
  }
  // Exactly 40 megapixels passes the check (and then fails as the tiny file it is).
  expect_error(kProcessor.process(png_header_claiming(8000, 5000)), ErrorCode::kUnsupportedMedia, msg::kPhotoCorrupt,
               "photo/corrupt");
}

TEST(PhotoPipeline, TruncatedFilesAreCleanErrors) {
  std::vector<Bytes> files = {make_jpeg(200, 150), make_png(200, 150), make_webp(200, 150),
                              make_gif(200, 150, Rgb{255, 0, 0})};
  if (auto heic = make_heic(128, 96)) files.push_back(*heic);
  for (const Bytes& file : files) {
    for (std::size_t keep : {file.size() / 2, std::size_t{40}, std::size_t{20}}) {
      const auto result = kProcessor.process(truncated(file, keep));
      ASSERT_FALSE(result.has_value()) << file.size() << " kept " << keep;
      EXPECT_EQ(result.error().code, ErrorCode::kUnsupportedMedia);
      EXPECT_EQ(result.error().message, msg::kPhotoCorrupt);
    }
  }
}

// Mangled bytes never crash the decoders (ASan/UBSan builds check memory safety too).
TEST(PhotoPipeline, MangledFilesNeverCrash) {
  std::mt19937 random(20261121);
  const std::vector<Bytes> files = {with_exif(make_jpeg(96, 64), 6), make_png(96, 64, true), make_webp(96, 64),
                                    make_gif(96, 64, Rgb{1, 2, 3})};
  int processed = 0;
  for (const Bytes& original : files) {
    for (int round = 0; round < 60; ++round) {
      Bytes mangled = original;
      const int flips = 1 + static_cast<int>(random() % 8);
      for (int i = 0; i < flips; ++i) {
        // Keep the magic bytes so the file reaches its decoder.
        const std::size_t at = 12 + random() % (mangled.size() - 12);
        mangled[at] = static_cast<std::byte>(random() & 0xFF);
      }
      const auto result = kProcessor.process(mangled);
      if (result) {
        ++processed;
        EXPECT_LE(std::max(result->photo.width, result->photo.height), kPhotoMaxLongEdge);
      } else {
        EXPECT_NE(result.error().code, ErrorCode::kInternal);
      }
    }
  }
  RecordProperty("processed_despite_damage", processed);
}

}  // namespace
}  // namespace pokeca::media
