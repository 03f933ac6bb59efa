// WebP through libwebp: features (size, alpha, animation) from the header, then a
// still decode, or the first frame of an animation through libwebpdemux.
#include <webp/decode.h>
#include <webp/demux.h>

#include <memory>

#include "rgb_image.hpp"

namespace pokeca::media {
namespace {

Result<RgbImage> first_animation_frame(Bytes data) {
  WebPAnimDecoderOptions options;
  if (WebPAnimDecoderOptionsInit(&options) == 0) return corrupt_photo();
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  const WebPData webp{data.data(), data.size()};
  std::unique_ptr<WebPAnimDecoder, decltype(&WebPAnimDecoderDelete)> decoder(WebPAnimDecoderNew(&webp, &options),
                                                                             &WebPAnimDecoderDelete);
  if (!decoder) return corrupt_photo();
  WebPAnimInfo info;
  if (WebPAnimDecoderGetInfo(decoder.get(), &info) == 0) return corrupt_photo();
  if (auto ok = check_dimensions(info.canvas_width, info.canvas_height); !ok) return std::unexpected(ok.error());
  std::uint8_t* rgba = nullptr;
  int timestamp = 0;
  if (WebPAnimDecoderGetNext(decoder.get(), &rgba, &timestamp) == 0 || rgba == nullptr) return corrupt_photo();
  RgbImage image;
  image.width = static_cast<int>(info.canvas_width);
  image.height = static_cast<int>(info.canvas_height);
  const std::size_t pixels = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
  image.rgb.resize(pixels * 3);
  flatten_rgba_onto_white(rgba, pixels, image.rgb.data());
  return image;
}

}  // namespace

Result<RgbImage> decode_webp(Bytes data) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data.data(), data.size(), &features) != VP8_STATUS_OK) return corrupt_photo();
  if (auto ok =
          check_dimensions(static_cast<std::uint64_t>(features.width), static_cast<std::uint64_t>(features.height));
      !ok) {
    return std::unexpected(ok.error());
  }
  if (features.has_animation != 0) return first_animation_frame(data);
  int width = 0;
  int height = 0;
  std::unique_ptr<std::uint8_t, decltype(&WebPFree)> rgba(WebPDecodeRGBA(data.data(), data.size(), &width, &height),
                                                          &WebPFree);
  if (!rgba || width != features.width || height != features.height) return corrupt_photo();
  RgbImage image;
  image.width = width;
  image.height = height;
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  image.rgb.resize(pixels * 3);
  flatten_rgba_onto_white(rgba.get(), pixels, image.rgb.data());
  return image;
}

}  // namespace pokeca::media
