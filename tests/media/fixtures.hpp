#pragma once
// Test images made here with the same libraries the adapter decodes with, so every
// fixture is a real file and the suite needs no binary blobs.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace pokeca::media::testing {

using Bytes = std::vector<std::byte>;

struct Rgb {
  std::uint8_t r, g, b;
};

// width × height pixels: a gradient with a solid red block in the top-left quarter.
std::vector<std::uint8_t> pattern(int width, int height);

// Photo-like pixels for benchmarks: smooth shapes plus sensor-like noise, so the
// encoders see a realistic amount of detail (the pattern above compresses too well).
std::vector<std::uint8_t> photo_like(int width, int height);

Bytes make_jpeg(int width, int height, int quality = 90);
Bytes jpeg_from_rgb(const std::vector<std::uint8_t>& rgb, int width, int height, int quality);
Bytes make_png(int width, int height, bool with_alpha = false);
Bytes make_webp(int width, int height);
// Two frames: the first solid `first`, the second solid blue.
Bytes make_gif(int width, int height, Rgb first);
// nullopt when the installed libheif has no HEVC encoder.
std::optional<Bytes> make_heic(int width, int height);
std::optional<Bytes> heic_from_rgb(const std::vector<std::uint8_t>& rgb, int width, int height, int quality);
bool heic_encoder_available();

// The GPS position written into the EXIF block, as an ASCII GPSMapDatum, so a test
// can grep for it.
inline constexpr std::string_view kGpsMarker = "POKECA-GPS-35.6812N-139.7671E";
// Inserts an APP1 Exif segment (IFD0 Orientation + a GPS IFD with latitude,
// longitude and kGpsMarker) right after SOI.
Bytes with_exif(const Bytes& jpeg, int orientation);

// Pixel bombs: tiny files whose headers claim width × height.
Bytes png_header_claiming(std::uint32_t width, std::uint32_t height);
Bytes jpeg_header_claiming(std::uint16_t width, std::uint16_t height);
Bytes gif_header_claiming(std::uint16_t width, std::uint16_t height);

Bytes bytes_of(std::string_view text);
bool contains(const Bytes& haystack, std::string_view needle);
Bytes truncated(const Bytes& data, std::size_t keep);

// The APPn markers (0xE0–0xEF) and COM (0xFE) found before SOS.
std::vector<std::uint8_t> jpeg_metadata_markers(const Bytes& jpeg);

struct DecodedJpeg {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;
  Rgb at(int x, int y) const;
};
std::optional<DecodedJpeg> decode_jpeg_for_test(const Bytes& jpeg);

}  // namespace pokeca::media::testing
