#include "image_ops.hpp"

#include <algorithm>
#include <cmath>

namespace pokeca::media {
namespace {

// For each destination index: the first source index and the weights of the run of
// source pixels it covers (weights sum to 1).
struct Taps {
  std::vector<int> first;
  std::vector<int> count;
  std::vector<float> weights;  // concatenated
  std::vector<std::size_t> offset;
};

Taps area_taps(int source, int destination) {
  Taps taps;
  const double scale = static_cast<double>(source) / destination;
  for (int d = 0; d < destination; ++d) {
    const double start = d * scale;
    const double end = std::min<double>((d + 1) * scale, source);
    const int first = static_cast<int>(std::floor(start));
    const int last = std::min(source - 1, static_cast<int>(std::ceil(end)) - 1);
    taps.first.push_back(first);
    taps.count.push_back(last - first + 1);
    taps.offset.push_back(taps.weights.size());
    for (int s = first; s <= last; ++s) {
      const double covered = std::min<double>(end, s + 1) - std::max<double>(start, s);
      taps.weights.push_back(static_cast<float>(std::max(0.0, covered) / (end - start)));
    }
  }
  return taps;
}

std::uint8_t to_byte(float v) { return static_cast<std::uint8_t>(std::clamp(v + 0.5F, 0.0F, 255.0F)); }

}  // namespace

Size fit_within(int width, int height, int max_long_edge) {
  const int long_edge = std::max(width, height);
  if (long_edge <= max_long_edge) return {width, height};
  const double scale = static_cast<double>(max_long_edge) / long_edge;
  return {std::clamp(static_cast<int>(std::lround(width * scale)), 1, max_long_edge),
          std::clamp(static_cast<int>(std::lround(height * scale)), 1, max_long_edge)};
}

RgbImage downscale_to_fit(RgbImage image, int max_long_edge) {
  const Size target = fit_within(image.width, image.height, max_long_edge);
  if (target.width == image.width && target.height == image.height) return image;

  // Rows: width → target.width, kept in float for the second pass.
  const Taps horizontal = area_taps(image.width, target.width);
  std::vector<float> rows(static_cast<std::size_t>(target.width) * static_cast<std::size_t>(image.height) * 3);
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* in = image.rgb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) * 3;
    float* out = rows.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(target.width) * 3;
    for (int x = 0; x < target.width; ++x) {
      float sum[3] = {0, 0, 0};
      const float* w = horizontal.weights.data() + horizontal.offset[static_cast<std::size_t>(x)];
      const std::uint8_t* p = in + static_cast<std::size_t>(horizontal.first[static_cast<std::size_t>(x)]) * 3;
      for (int k = 0; k < horizontal.count[static_cast<std::size_t>(x)]; ++k) {
        sum[0] += w[k] * p[3 * k];
        sum[1] += w[k] * p[3 * k + 1];
        sum[2] += w[k] * p[3 * k + 2];
      }
      out[3 * x] = sum[0];
      out[3 * x + 1] = sum[1];
      out[3 * x + 2] = sum[2];
    }
  }
  image.rgb.clear();
  image.rgb.shrink_to_fit();

  // Columns: height → target.height.
  const Taps vertical = area_taps(image.height, target.height);
  const std::size_t row_floats = static_cast<std::size_t>(target.width) * 3;
  RgbImage result;
  result.width = target.width;
  result.height = target.height;
  result.rgb.resize(row_floats * static_cast<std::size_t>(target.height));
  std::vector<float> accumulator(row_floats);
  for (int y = 0; y < target.height; ++y) {
    std::fill(accumulator.begin(), accumulator.end(), 0.0F);
    const float* w = vertical.weights.data() + vertical.offset[static_cast<std::size_t>(y)];
    for (int k = 0; k < vertical.count[static_cast<std::size_t>(y)]; ++k) {
      const float* in =
          rows.data() + static_cast<std::size_t>(vertical.first[static_cast<std::size_t>(y)] + k) * row_floats;
      for (std::size_t i = 0; i < row_floats; ++i) accumulator[i] += w[k] * in[i];
    }
    std::uint8_t* out = result.rgb.data() + static_cast<std::size_t>(y) * row_floats;
    for (std::size_t i = 0; i < row_floats; ++i) out[i] = to_byte(accumulator[i]);
  }
  return result;
}

RgbImage apply_orientation(RgbImage image, int orientation) {
  if (orientation < 2 || orientation > 8) return image;
  const int w = image.width;
  const int h = image.height;
  const bool swap = orientation >= 5;
  RgbImage out;
  out.width = swap ? h : w;
  out.height = swap ? w : h;
  out.rgb.resize(image.rgb.size());
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      // (x, y) in the stored image → (dx, dy) in the upright one (EXIF 2.32 §4.6.4).
      int dx = 0;
      int dy = 0;
      switch (orientation) {
        case 2:
          dx = w - 1 - x;
          dy = y;
          break;  // mirror horizontal
        case 3:
          dx = w - 1 - x;
          dy = h - 1 - y;
          break;  // rotate 180
        case 4:
          dx = x;
          dy = h - 1 - y;
          break;  // mirror vertical
        case 5:
          dx = y;
          dy = x;
          break;  // transpose
        case 6:
          dx = h - 1 - y;
          dy = x;
          break;  // rotate 90 clockwise
        case 7:
          dx = h - 1 - y;
          dy = w - 1 - x;
          break;  // transverse
        case 8:
          dx = y;
          dy = w - 1 - x;
          break;  // rotate 90 counter-clockwise
        default: break;
      }
      const std::uint8_t* from =
          image.rgb.data() +
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
      std::uint8_t* to =
          out.rgb.data() +
          (static_cast<std::size_t>(dy) * static_cast<std::size_t>(out.width) + static_cast<std::size_t>(dx)) * 3;
      to[0] = from[0];
      to[1] = from[1];
      to[2] = from[2];
    }
  }
  return out;
}

}  // namespace pokeca::media
