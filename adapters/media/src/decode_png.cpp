// PNG through libpng's simplified API, which wraps libpng's setjmp error handling and
// reports failures as a 0 return. Alpha is composited onto white by libpng itself.
#include <png.h>

#include "rgb_image.hpp"

namespace pokeca::media {

Result<RgbImage> decode_png(Bytes data) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  struct Free {
    png_image* p;
    ~Free() { png_image_free(p); }
  } guard{&png};
  if (png_image_begin_read_from_memory(&png, data.data(), data.size()) == 0) return corrupt_photo();
  if (auto ok = check_dimensions(png.width, png.height); !ok) return std::unexpected(ok.error());
  png.format = PNG_FORMAT_RGB;
  RgbImage image;
  image.width = static_cast<int>(png.width);
  image.height = static_cast<int>(png.height);
  image.rgb.resize(PNG_IMAGE_SIZE(png));
  png_color white{255, 255, 255};
  if (png_image_finish_read(&png, &white, image.rgb.data(), 0, nullptr) == 0) return corrupt_photo();
  return image;
}

}  // namespace pokeca::media
