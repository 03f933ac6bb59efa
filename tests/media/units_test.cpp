// The adapter's internal pieces: sniffing, the EXIF reader, pixel operations and the
// worker protocol.
#include <gtest/gtest.h>

#include "exif_orientation.hpp"
#include "fixtures.hpp"
#include "image_ops.hpp"
#include "pokeca/media/photo_format.hpp"
#include "pokeca/shared/messages.hpp"
#include "worker_protocol.hpp"

namespace pokeca::media {
namespace {

using namespace testing;       // NOLINT(google-build-using-namespace): fixtures
using Bytes = testing::Bytes;  // not the adapter's byte span

std::span<const std::uint8_t> u8(const Bytes& b) { return {reinterpret_cast<const std::uint8_t*>(b.data()), b.size()}; }

TEST(Sniff, RecognisesEachTypeFromItsBytes) {
  EXPECT_EQ(sniff_photo_format(make_jpeg(8, 8)), PhotoFormat::kJpeg);
  EXPECT_EQ(sniff_photo_format(make_png(8, 8)), PhotoFormat::kPng);
  EXPECT_EQ(sniff_photo_format(make_webp(8, 8)), PhotoFormat::kWebp);
  EXPECT_EQ(sniff_photo_format(make_gif(8, 8, Rgb{0, 0, 0})), PhotoFormat::kGif);
  EXPECT_EQ(sniff_photo_format(bytes_of(std::string_view("\x00\x00\x00\x18"
                                                         "ftypheic\x00\x00\x00\x00"
                                                         "mif1heic",
                                                         24))),
            PhotoFormat::kHeif);
  EXPECT_EQ(sniff_photo_format(bytes_of(std::string_view("\x00\x00\x00\x14"
                                                         "ftypmif1\x00\x00\x00\x00"
                                                         "heix",
                                                         20))),
            PhotoFormat::kHeif);
}

TEST(Sniff, RefusesEverythingElse) {
  for (std::string_view text : {std::string_view(""), std::string_view("\xFF\xD8"), std::string_view("GIF88a"),
                                std::string_view("RIFF1234WAVE"),
                                std::string_view("\x00\x00\x00\x18"
                                                 "ftypavif\x00\x00\x00\x00"
                                                 "mif1miaf",
                                                 24),
                                std::string_view("\x00\x00\x00\x14"
                                                 "ftypisom\x00\x00\x00\x00"
                                                 "mp41",
                                                 20),
                                std::string_view("\x00\x00\x00\xFF"
                                                 "ftypheic",
                                                 12),
                                std::string_view("\x00\x00\x00\x13"
                                                 "ftypheic\x00\x00\x00\x00"
                                                 "mif1",
                                                 20)}) {
    EXPECT_FALSE(sniff_photo_format(bytes_of(text)).has_value()) << text.size();
  }
}

TEST(ExifOrientation, ReadsTheTagAndIgnoresJunk) {
  const Bytes plain = make_jpeg(16, 16);
  EXPECT_EQ(jpeg_exif_orientation(u8(plain)), 1);
  for (int o = 1; o <= 8; ++o) EXPECT_EQ(jpeg_exif_orientation(u8(with_exif(plain, o))), o);
  EXPECT_EQ(jpeg_exif_orientation(u8(with_exif(plain, 9))), 1);
  Bytes cut = with_exif(plain, 6);
  cut.resize(30);  // APP1 length runs past the end
  EXPECT_EQ(jpeg_exif_orientation(u8(cut)), 1);
}

RgbImage image_of(int width, int height, std::vector<std::uint8_t> rgb) {
  return RgbImage{width, height, std::move(rgb)};
}

TEST(ImageOps, FitWithinKeepsAspectAndNeverGrows) {
  EXPECT_EQ(fit_within(4000, 3000, 1600).width, 1600);
  EXPECT_EQ(fit_within(4000, 3000, 1600).height, 1200);
  EXPECT_EQ(fit_within(3000, 4000, 1600).width, 1200);
  EXPECT_EQ(fit_within(100, 50, 1600).width, 100);
  EXPECT_EQ(fit_within(20000, 1, 320).height, 1);
}

TEST(ImageOps, DownscaleAveragesAreas) {
  // 4×2 → 2×1: each output pixel is the mean of a 2×2 block.
  const auto out = downscale_to_fit(image_of(4, 2, {0,   0,   0,   100, 100, 100, 200, 200, 200, 40, 40, 40,  //
                                                    100, 100, 100, 200, 200, 200, 0,   0,   0,   80, 80, 80}),
                                    2);
  ASSERT_EQ(out.width, 2);
  ASSERT_EQ(out.height, 1);
  EXPECT_EQ(out.rgb[0], 100);
  EXPECT_EQ(out.rgb[3], 80);
}

TEST(ImageOps, OrientationMapsPixels) {
  // 2×1 image: A B. Pixel values are 1 (A) and 2 (B) in all channels.
  const auto make = [] { return image_of(2, 1, {1, 1, 1, 2, 2, 2}); };
  auto r6 = apply_orientation(make(), 6);  // 90° clockwise: A above B
  EXPECT_EQ(r6.width, 1);
  EXPECT_EQ(r6.height, 2);
  EXPECT_EQ(r6.rgb[0], 1);
  EXPECT_EQ(r6.rgb[3], 2);
  auto r8 = apply_orientation(make(), 8);  // 90° counter-clockwise: B above A
  EXPECT_EQ(r8.rgb[0], 2);
  auto r2 = apply_orientation(make(), 2);  // mirrored: B A
  EXPECT_EQ(r2.width, 2);
  EXPECT_EQ(r2.rgb[0], 2);
  auto r3 = apply_orientation(make(), 3);
  EXPECT_EQ(r3.rgb[0], 2);
}

TEST(WorkerProtocol, RoundTripsSuccessAndErrors) {
  ProcessedPhoto photo;
  photo.source_format = PhotoFormat::kGif;
  photo.photo = EncodedJpeg{{std::byte{1}, std::byte{2}, std::byte{3}}, 30, 20};
  photo.thumbnail = EncodedJpeg{{std::byte{9}}, 3, 2};
  auto frame = encode_response(photo);
  ASSERT_EQ(decode_frame_header(std::span<const std::byte, kFrameHeaderBytes>(frame.data(), kFrameHeaderBytes)),
            frame.size() - kFrameHeaderBytes);
  auto back = decode_response_payload(std::span(frame).subspan(kFrameHeaderBytes));
  ASSERT_TRUE(back.has_value() && back->has_value());
  EXPECT_EQ((*back)->source_format, PhotoFormat::kGif);
  EXPECT_EQ((*back)->photo.bytes, photo.photo.bytes);
  EXPECT_EQ((*back)->thumbnail.width, 3);

  const Result<ProcessedPhoto> error =
      fail(ErrorCode::kPayloadTooLarge, msg::kPhotoTooManyPixels, "photo/too-many-pixels");
  frame = encode_response(error);
  back = decode_response_payload(std::span(frame).subspan(kFrameHeaderBytes));
  ASSERT_TRUE(back.has_value() && !back->has_value());
  EXPECT_EQ(back->error().code, ErrorCode::kPayloadTooLarge);
  EXPECT_EQ(back->error().message, msg::kPhotoTooManyPixels);
  EXPECT_EQ(back->error().detail, "photo/too-many-pixels");

  // Truncated, trailing bytes, unknown kinds and codes are malformed.
  EXPECT_FALSE(decode_response_payload(std::span(frame).subspan(kFrameHeaderBytes, 5)).has_value());
  frame.push_back(std::byte{0});
  EXPECT_FALSE(decode_response_payload(std::span(frame).subspan(kFrameHeaderBytes)).has_value());
  EXPECT_FALSE(decode_response_payload(bytes_of("\x07")).has_value());
  EXPECT_FALSE(
      decode_response_payload(bytes_of(std::string_view("\x00\x63\x00\x00\x00\x00\x00\x00\x00\x00", 10))).has_value());
}

}  // namespace
}  // namespace pokeca::media
