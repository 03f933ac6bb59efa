#pragma once
// The photo pipeline run in the calling process: sniff → header dimensions (refuse
// over kMaxPhotoPixels) → decode (libjpeg-turbo, libpng, libwebp, giflib first frame,
// libheif primary image) → scale down (area averaging, after libjpeg-turbo's scaled
// DCT for big JPEGs) → orientation (EXIF tag of JPEGs; libheif applies irot/imir) →
// JPEG (TurboJPEG, quality kPhotoJpegQuality, 4:2:0) with no metadata at all.
//
// Colour: pixels are taken as sRGB; embedded ICC profiles are dropped, not applied
// (a Display P3 photo looks slightly less saturated). Transparency is flattened onto
// white.
//
// It decodes untrusted bytes with C libraries: the server runs it in
// pokeca-photo-worker through IsolatedPhotoProcessor, never in its own process.
#include "pokeca/contributions/photo.hpp"

namespace pokeca::media {

class InProcessPhotoProcessor final : public PhotoProcessor {
 public:
  [[nodiscard]] Result<ProcessedPhoto> process(std::span<const std::byte> upload) const override;
};

}  // namespace pokeca::media
