#pragma once
// Pixel operations of the pipeline: area-averaging downscale and EXIF orientation.
#include "rgb_image.hpp"

namespace pokeca::media {

// The size that fits in max_long_edge keeping the aspect ratio (never larger than the
// input, never 0).
struct Size {
  int width;
  int height;
};
[[nodiscard]] Size fit_within(int width, int height, int max_long_edge);

// Box filter with fractional coverage (every source pixel contributes by the area it
// covers), separable: rows then columns. Returns the input unchanged when it fits.
[[nodiscard]] RgbImage downscale_to_fit(RgbImage image, int max_long_edge);

// Applies EXIF orientation 2–8 so the result is upright; 5–8 swap width and height.
[[nodiscard]] RgbImage apply_orientation(RgbImage image, int orientation);

}  // namespace pokeca::media
