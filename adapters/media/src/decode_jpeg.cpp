// JPEG through TurboJPEG: header first, then a scaled decode. TurboJPEG installs its own
// libjpeg error manager (setjmp), so corrupt data returns -1 instead of exiting;
// TJFLAG_STOPONWARNING turns "premature end of data" into an error, and
// TJFLAG_LIMITSCANS refuses progressive files with absurd scan counts.
#include <turbojpeg.h>

#include <algorithm>
#include <memory>

#include "rgb_image.hpp"

namespace pokeca::media {
namespace {

struct TjDestroy {
  void operator()(void* handle) const { tjDestroy(handle); }
};
using TjHandle = std::unique_ptr<void, TjDestroy>;

// The smallest libjpeg-turbo scaling factor that keeps the long edge ≥ target.
tjscalingfactor pick_scale(int width, int height, int target_long_edge) {
  tjscalingfactor best{1, 1};
  int count = 0;
  const tjscalingfactor* factors = tjGetScalingFactors(&count);
  const int long_edge = std::max(width, height);
  for (int i = 0; factors != nullptr && i < count; ++i) {
    const tjscalingfactor f = factors[i];
    if (f.num > f.denom) continue;  // never scale up
    if (TJSCALED(long_edge, f) < target_long_edge) continue;
    if (f.num * best.denom < best.num * f.denom) best = f;  // f < best
  }
  return best;
}

}  // namespace

Result<RgbImage> decode_jpeg(Bytes data, int target_long_edge) {
  TjHandle handle(tjInitDecompress());
  if (!handle) return fail(ErrorCode::kInternal, msg::kInternal, "photo/internal");
  int width = 0;
  int height = 0;
  int subsampling = 0;
  int colorspace = 0;
  if (tjDecompressHeader3(handle.get(), data.data(), data.size(), &width, &height, &subsampling, &colorspace) != 0) {
    return corrupt_photo();
  }
  if (auto ok = check_dimensions(static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height)); !ok) {
    return std::unexpected(ok.error());
  }
  const tjscalingfactor scale = pick_scale(width, height, target_long_edge);
  RgbImage image;
  image.width = TJSCALED(width, scale);
  image.height = TJSCALED(height, scale);
  image.rgb.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  if (tjDecompress2(handle.get(), data.data(), data.size(), image.rgb.data(), image.width, 0, image.height, TJPF_RGB,
                    TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS) != 0) {
    return corrupt_photo();
  }
  return image;
}

}  // namespace pokeca::media
