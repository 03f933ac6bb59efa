#pragma once
// TurboJPEG encoder: baseline JPEG, 4:2:0, with only the JFIF APP0 header libjpeg
// always writes (version and pixel density) — no EXIF, no ICC, no comment.
#include "rgb_image.hpp"

namespace pokeca::media {

[[nodiscard]] Result<EncodedJpeg> encode_jpeg(const RgbImage& image, int quality);

}  // namespace pokeca::media
