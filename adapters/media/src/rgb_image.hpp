#pragma once
// Decoded pixels: 8-bit RGB, rows packed (stride = 3 × width).
#include <cstdint>
#include <span>
#include <vector>

#include "pokeca/contributions/photo.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::media {

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;
};

inline std::unexpected<DomainError> corrupt_photo() {
  return fail(ErrorCode::kUnsupportedMedia, msg::kPhotoCorrupt, "photo/corrupt");
}

// The check every decoder makes on the header's dimensions before decoding anything.
inline Result<void> check_dimensions(std::uint64_t width, std::uint64_t height) {
  if (width == 0 || height == 0) return corrupt_photo();
  if (width * height > kMaxPhotoPixels) {
    return fail(ErrorCode::kPayloadTooLarge, msg::kPhotoTooManyPixels, "photo/too-many-pixels");
  }
  return {};
}

// RGBA (straight alpha) flattened onto white.
inline void flatten_rgba_onto_white(const std::uint8_t* rgba, std::size_t pixel_count, std::uint8_t* rgb) {
  for (std::size_t i = 0; i < pixel_count; ++i) {
    const unsigned a = rgba[4 * i + 3];
    for (int c = 0; c < 3; ++c) {
      rgb[3 * i + c] = static_cast<std::uint8_t>((rgba[4 * i + c] * a + 255U * (255U - a) + 127U) / 255U);
    }
  }
}

using Bytes = std::span<const std::uint8_t>;

// Each decoder: header → check_dimensions → decode. `target_long_edge` lets the JPEG
// decoder use libjpeg-turbo's scaled DCT (the result is still ≥ the target).
Result<RgbImage> decode_jpeg(Bytes data, int target_long_edge);
Result<RgbImage> decode_png(Bytes data);
Result<RgbImage> decode_webp(Bytes data);
Result<RgbImage> decode_gif(Bytes data);
Result<RgbImage> decode_heif(Bytes data);

}  // namespace pokeca::media
