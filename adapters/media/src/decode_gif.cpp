// GIF through giflib, first frame only, record by record (never DGifSlurp, which would
// decode every frame of a thousand-frame animation). The frame is drawn on the
// logical screen, transparent pixels and the uncovered area white.
#include <gif_lib.h>

#include <algorithm>
#include <cstring>

#include "rgb_image.hpp"

namespace pokeca::media {
namespace {

struct MemoryReader {
  Bytes data;
  std::size_t offset = 0;
};

int read_from_memory(GifFileType* gif, GifByteType* out, int length) {
  auto* reader = static_cast<MemoryReader*>(gif->UserData);
  const std::size_t n =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(length, 0)), reader->data.size() - reader->offset);
  if (n > 0) std::memcpy(out, reader->data.data() + reader->offset, n);
  reader->offset += n;
  return static_cast<int>(n);
}

struct GifCloser {
  GifFileType* gif;
  ~GifCloser() {
    int error = 0;
    if (gif != nullptr) DGifCloseFile(gif, &error);
  }
};

}  // namespace

Result<RgbImage> decode_gif(Bytes data) {
  MemoryReader reader{data};
  int error = 0;
  GifCloser closer{DGifOpen(&reader, &read_from_memory, &error)};
  GifFileType* gif = closer.gif;
  if (gif == nullptr) return corrupt_photo();
  if (auto ok = check_dimensions(static_cast<std::uint64_t>(std::max(gif->SWidth, 0)),
                                 static_cast<std::uint64_t>(std::max(gif->SHeight, 0)));
      !ok) {
    return std::unexpected(ok.error());
  }
  int transparent = NO_TRANSPARENT_COLOR;
  for (;;) {
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    if (DGifGetRecordType(gif, &record) == GIF_ERROR) return corrupt_photo();
    if (record == TERMINATE_RECORD_TYPE) return corrupt_photo();  // no image at all
    if (record == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType* block = nullptr;
      if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return corrupt_photo();
      while (block != nullptr) {
        if (code == GRAPHICS_EXT_FUNC_CODE && block[0] >= 4) {
          GraphicsControlBlock gcb;
          if (DGifExtensionToGCB(block[0], block + 1, &gcb) == GIF_OK) transparent = gcb.TransparentColor;
        }
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return corrupt_photo();
      }
      continue;
    }
    if (record != IMAGE_DESC_RECORD_TYPE) continue;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return corrupt_photo();
    break;
  }
  const GifImageDesc& desc = gif->Image;
  if (desc.Width <= 0 || desc.Height <= 0) return corrupt_photo();
  if (auto ok = check_dimensions(static_cast<std::uint64_t>(desc.Width), static_cast<std::uint64_t>(desc.Height));
      !ok) {
    return std::unexpected(ok.error());
  }
  const ColorMapObject* colors = desc.ColorMap != nullptr ? desc.ColorMap : gif->SColorMap;
  if (colors == nullptr || colors->Colors == nullptr) return corrupt_photo();

  std::vector<GifPixelType> indices(static_cast<std::size_t>(desc.Width) * static_cast<std::size_t>(desc.Height));
  auto row_ptr = [&](int row) {
    return indices.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(desc.Width);
  };
  if (desc.Interlace) {
    static constexpr int kStart[] = {0, 4, 2, 1};
    static constexpr int kStep[] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; ++pass) {
      for (int row = kStart[pass]; row < desc.Height; row += kStep[pass]) {
        if (DGifGetLine(gif, row_ptr(row), desc.Width) == GIF_ERROR) return corrupt_photo();
      }
    }
  } else {
    for (int row = 0; row < desc.Height; ++row) {
      if (DGifGetLine(gif, row_ptr(row), desc.Width) == GIF_ERROR) return corrupt_photo();
    }
  }

  RgbImage image;
  image.width = gif->SWidth;
  image.height = gif->SHeight;
  image.rgb.assign(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3, 255);
  for (int y = 0; y < desc.Height; ++y) {
    const int canvas_y = desc.Top + y;
    if (canvas_y < 0 || canvas_y >= image.height) continue;
    for (int x = 0; x < desc.Width; ++x) {
      const int canvas_x = desc.Left + x;
      if (canvas_x < 0 || canvas_x >= image.width) continue;
      const int index = row_ptr(y)[x];
      if (index == transparent || index >= colors->ColorCount) continue;
      const GifColorType c = colors->Colors[index];
      std::uint8_t* out =
          image.rgb.data() + (static_cast<std::size_t>(canvas_y) * static_cast<std::size_t>(image.width) +
                              static_cast<std::size_t>(canvas_x)) *
                                 3;
      out[0] = c.Red;
      out[1] = c.Green;
      out[2] = c.Blue;
    }
  }
  return image;
}

}  // namespace pokeca::media
