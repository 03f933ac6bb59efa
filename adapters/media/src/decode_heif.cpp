// HEIC/HEIF through libheif: the container is parsed (no pixels) to read the primary
// image's size, then the primary image is decoded to interleaved RGB(A). libheif
// applies the HEIF transformations (irot, imir, clap) itself, so the result is
// upright; the Exif orientation inside a HEIF must be ignored (ISO/IEC 23008-12).
#include <libheif/heif.h>

#include <cstring>
#include <memory>
#include <mutex>

#include "rgb_image.hpp"

namespace pokeca::media {
namespace {

void init_libheif_once() {
  static std::once_flag once;
  std::call_once(once, [] { heif_init(nullptr); });
}

}  // namespace

Result<RgbImage> decode_heif(Bytes data) {
  init_libheif_once();
  std::unique_ptr<heif_context, decltype(&heif_context_free)> context(heif_context_alloc(), &heif_context_free);
  if (!context) return fail(ErrorCode::kInternal, msg::kInternal, "photo/internal");
  if (heif_context_read_from_memory_without_copy(context.get(), data.data(), data.size(), nullptr).code !=
      heif_error_Ok) {
    return corrupt_photo();
  }
  heif_image_handle* raw_handle = nullptr;
  if (heif_context_get_primary_image_handle(context.get(), &raw_handle).code != heif_error_Ok ||
      raw_handle == nullptr) {
    return corrupt_photo();
  }
  std::unique_ptr<heif_image_handle, decltype(&heif_image_handle_release)> handle(raw_handle,
                                                                                  &heif_image_handle_release);
  const int header_width = heif_image_handle_get_width(handle.get());
  const int header_height = heif_image_handle_get_height(handle.get());
  if (header_width <= 0 || header_height <= 0) return corrupt_photo();
  if (auto ok = check_dimensions(static_cast<std::uint64_t>(header_width), static_cast<std::uint64_t>(header_height));
      !ok) {
    return std::unexpected(ok.error());
  }
  const bool alpha = heif_image_handle_has_alpha_channel(handle.get()) != 0;
  heif_image* raw_image = nullptr;
  if (heif_decode_image(handle.get(), &raw_image, heif_colorspace_RGB,
                        alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nullptr)
              .code != heif_error_Ok ||
      raw_image == nullptr) {
    return corrupt_photo();
  }
  std::unique_ptr<heif_image, decltype(&heif_image_release)> decoded(raw_image, &heif_image_release);
  const int width = heif_image_get_width(decoded.get(), heif_channel_interleaved);
  const int height = heif_image_get_height(decoded.get(), heif_channel_interleaved);
  int stride = 0;
  const std::uint8_t* plane = heif_image_get_plane_readonly(decoded.get(), heif_channel_interleaved, &stride);
  if (plane == nullptr || width <= 0 || height <= 0 ||
      heif_image_get_bits_per_pixel_range(decoded.get(), heif_channel_interleaved) != 8) {
    return corrupt_photo();
  }
  if (auto ok = check_dimensions(static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height)); !ok) {
    return std::unexpected(ok.error());
  }
  RgbImage image;
  image.width = width;
  image.height = height;
  const std::size_t row_bytes = static_cast<std::size_t>(width) * 3;
  image.rgb.resize(row_bytes * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* in = plane + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride);
    std::uint8_t* out = image.rgb.data() + static_cast<std::size_t>(y) * row_bytes;
    if (alpha) {
      flatten_rgba_onto_white(in, static_cast<std::size_t>(width), out);
    } else {
      std::memcpy(out, in, row_bytes);
    }
  }
  return image;
}

}  // namespace pokeca::media
