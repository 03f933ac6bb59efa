#include "encode_jpeg.hpp"

#include <turbojpeg.h>

#include <cstring>
#include <memory>

namespace pokeca::media {

Result<EncodedJpeg> encode_jpeg(const RgbImage& image, int quality) {
  std::unique_ptr<void, int (*)(tjhandle)> handle(tjInitCompress(), &tjDestroy);
  if (!handle) return fail(ErrorCode::kInternal, msg::kInternal, "photo/internal");
  unsigned char* buffer = nullptr;
  unsigned long size = 0;  // NOLINT(google-runtime-int): TurboJPEG's type
  const int rc = tjCompress2(handle.get(), image.rgb.data(), image.width, 0, image.height, TJPF_RGB, &buffer, &size,
                             TJSAMP_420, quality, 0);
  std::unique_ptr<unsigned char, void (*)(unsigned char*)> owned(buffer, &tjFree);
  if (rc != 0 || buffer == nullptr) return fail(ErrorCode::kInternal, msg::kInternal, "photo/internal");
  EncodedJpeg jpeg;
  jpeg.width = image.width;
  jpeg.height = image.height;
  jpeg.bytes.resize(size);
  std::memcpy(jpeg.bytes.data(), buffer, size);
  return jpeg;
}

}  // namespace pokeca::media
