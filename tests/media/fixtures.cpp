#include "fixtures.hpp"

#include <gif_lib.h>
#include <libheif/heif.h>
#include <png.h>
#include <turbojpeg.h>
#include <webp/encode.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>

// x265 (used only to make HEIC fixtures) keeps a few small allocations until exit.
extern "C" const char* __lsan_default_suppressions() { return "leak:libx265.so\n"; }

namespace pokeca::media::testing {
namespace {

Bytes to_bytes(const void* data, std::size_t size) {
  Bytes out(size);
  if (size > 0) std::memcpy(out.data(), data, size);
  return out;
}

void put_be32(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::byte>((v >> shift) & 0xFF));
}

void put_chunk(Bytes& out, std::string_view type, const Bytes& data) {
  put_be32(out, static_cast<std::uint32_t>(data.size()));
  Bytes typed = bytes_of(type);
  typed.insert(typed.end(), data.begin(), data.end());
  out.insert(out.end(), typed.begin(), typed.end());
  put_be32(out, static_cast<std::uint32_t>(
                    crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size()))));
}

// Little-endian TIFF writer for the EXIF block.
struct Tiff {
  Bytes b;
  void u16(std::uint16_t v) {
    b.push_back(static_cast<std::byte>(v & 0xFF));
    b.push_back(static_cast<std::byte>(v >> 8));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v & 0xFFFF));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  void entry(std::uint16_t tag, std::uint16_t type, std::uint32_t count, std::uint32_t value) {
    u16(tag);
    u16(type);
    u32(count);
    u32(value);
  }
};

int gif_write(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<Bytes*>(gif->UserData);
  const auto* p = reinterpret_cast<const std::byte*>(data);
  out->insert(out->end(), p, p + length);
  return length;
}

heif_error heif_write(heif_context*, const void* data, size_t size, void* userdata) {
  auto* out = static_cast<Bytes*>(userdata);
  const auto* p = static_cast<const std::byte*>(data);
  out->insert(out->end(), p, p + size);
  return heif_error{heif_error_Ok, heif_suberror_Unspecified, "ok"};
}

}  // namespace

std::vector<std::uint8_t> pattern(int width, int height) {
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p =
          rgb.data() +
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
      if (x < width / 4 && y < height / 4) {
        p[0] = 230;
        p[1] = 20;
        p[2] = 20;
      } else {
        p[0] = static_cast<std::uint8_t>(40 + x * 100 / width);
        p[1] = static_cast<std::uint8_t>(80 + y * 100 / height);
        p[2] = 200;
      }
    }
  }
  return rgb;
}

std::vector<std::uint8_t> photo_like(int width, int height) {
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  std::uint32_t noise = 2463534242U;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p =
          rgb.data() +
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
      const double shape = std::sin(x / 57.0) * std::cos(y / 83.0) + std::sin((x + y) / 211.0);
      for (int c = 0; c < 3; ++c) {
        noise ^= noise << 13;
        noise ^= noise >> 17;
        noise ^= noise << 5;
        const double v = 120 + 50 * shape + 30 * c - 30 + static_cast<int>(noise % 25) - 12;
        p[c] = static_cast<std::uint8_t>(std::clamp(v, 0.0, 255.0));
      }
    }
  }
  return rgb;
}

Bytes jpeg_from_rgb(const std::vector<std::uint8_t>& rgb, int width, int height, int quality) {
  std::unique_ptr<void, int (*)(tjhandle)> handle(tjInitCompress(), &tjDestroy);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;  // NOLINT(google-runtime-int)
  if (tjCompress2(handle.get(), rgb.data(), width, 0, height, TJPF_RGB, &buffer, &size, TJSAMP_420, quality, 0) != 0) {
    throw std::runtime_error("tjCompress2 failed");
  }
  Bytes out = to_bytes(buffer, size);
  tjFree(buffer);
  return out;
}

Bytes make_jpeg(int width, int height, int quality) {
  return jpeg_from_rgb(pattern(width, height), width, height, quality);
}

Bytes make_png(int width, int height, bool with_alpha) {
  auto rgb = pattern(width, height);
  std::vector<std::uint8_t> pixels;
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(width);
  png.height = static_cast<png_uint_32>(height);
  if (with_alpha) {
    png.format = PNG_FORMAT_RGBA;
    for (std::size_t i = 0; i < rgb.size() / 3; ++i) {
      pixels.insert(pixels.end(), {rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 255});
    }
    // The bottom-right pixel fully transparent.
    pixels.back() = 0;
  } else {
    png.format = PNG_FORMAT_RGB;
    pixels = std::move(rgb);
  }
  png_alloc_size_t size = 0;
  if (png_image_write_to_memory(&png, nullptr, &size, 0, pixels.data(), 0, nullptr) == 0) {
    throw std::runtime_error("png size failed");
  }
  Bytes out(size);
  if (png_image_write_to_memory(&png, out.data(), &size, 0, pixels.data(), 0, nullptr) == 0) {
    throw std::runtime_error("png write failed");
  }
  out.resize(size);
  return out;
}

Bytes make_webp(int width, int height) {
  const auto rgb = pattern(width, height);
  std::uint8_t* output = nullptr;
  const std::size_t size = WebPEncodeRGB(rgb.data(), width, height, width * 3, 85.0F, &output);
  if (size == 0) throw std::runtime_error("WebPEncodeRGB failed");
  Bytes out = to_bytes(output, size);
  WebPFree(output);
  return out;
}

Bytes make_gif(int width, int height, Rgb first) {
  Bytes out;
  int error = 0;
  GifFileType* gif = EGifOpen(&out, &gif_write, &error);
  if (gif == nullptr) throw std::runtime_error("EGifOpen failed");
  GifColorType colors[4] = {{first.r, first.g, first.b}, {0, 0, 255}, {0, 0, 0}, {255, 255, 255}};
  ColorMapObject* map = GifMakeMapObject(4, colors);
  EGifSetGifVersion(gif, true);
  bool ok = EGifPutScreenDesc(gif, width, height, 2, 0, map) == GIF_OK;
  std::vector<GifPixelType> row(static_cast<std::size_t>(width));
  for (int frame = 0; frame < 2 && ok; ++frame) {
    ok = EGifPutImageDesc(gif, 0, 0, width, height, false, nullptr) == GIF_OK;
    std::fill(row.begin(), row.end(), static_cast<GifPixelType>(frame));
    for (int y = 0; y < height && ok; ++y) ok = EGifPutLine(gif, row.data(), width) == GIF_OK;
  }
  GifFreeMapObject(map);
  if (EGifCloseFile(gif, &error) != GIF_OK || !ok) throw std::runtime_error("giflib write failed");
  return out;
}

bool heic_encoder_available() {
  heif_init(nullptr);
  const bool available = heif_have_encoder_for_format(heif_compression_HEVC) != 0;
  heif_deinit();
  return available;
}

std::optional<Bytes> make_heic(int width, int height) {
  return heic_from_rgb(pattern(width, height), width, height, 60);
}

std::optional<Bytes> heic_from_rgb(const std::vector<std::uint8_t>& rgb, int width, int height, int quality) {
  if (!heic_encoder_available()) return std::nullopt;
  heif_init(nullptr);
  struct Deinit {
    ~Deinit() { heif_deinit(); }
  } deinit;
  std::unique_ptr<heif_context, decltype(&heif_context_free)> context(heif_context_alloc(), &heif_context_free);
  heif_encoder* raw_encoder = nullptr;
  if (heif_context_get_encoder_for_format(context.get(), heif_compression_HEVC, &raw_encoder).code != heif_error_Ok) {
    return std::nullopt;
  }
  std::unique_ptr<heif_encoder, decltype(&heif_encoder_release)> encoder(raw_encoder, &heif_encoder_release);
  heif_encoder_set_lossy_quality(encoder.get(), quality);
  heif_image* raw_image = nullptr;
  if (heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &raw_image).code !=
      heif_error_Ok) {
    throw std::runtime_error("heif_image_create failed");
  }
  std::unique_ptr<heif_image, decltype(&heif_image_release)> image(raw_image, &heif_image_release);
  heif_image_add_plane(image.get(), heif_channel_interleaved, width, height, 8);
  int stride = 0;
  std::uint8_t* plane = heif_image_get_plane(image.get(), heif_channel_interleaved, &stride);
  for (int y = 0; y < height; ++y) {
    std::memcpy(plane + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride),
                rgb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width) * 3,
                static_cast<std::size_t>(width) * 3);
  }
  heif_image_handle* handle = nullptr;
  if (heif_context_encode_image(context.get(), image.get(), encoder.get(), nullptr, &handle).code != heif_error_Ok) {
    throw std::runtime_error("heif encode failed");
  }
  heif_image_handle_release(handle);
  Bytes out;
  heif_writer writer{1, &heif_write};
  if (heif_context_write(context.get(), &writer, &out).code != heif_error_Ok) {
    throw std::runtime_error("heif write failed");
  }
  return out;
}

Bytes with_exif(const Bytes& jpeg, int orientation) {
  // TIFF: header (8) | IFD0 at 8: 2 entries (2 + 24 + 4 = 30) | GPS IFD at 38:
  // 5 entries (2 + 60 + 4 = 66) | values at 104: latitude (24), longitude (24), datum.
  Tiff t;
  t.b = bytes_of("II");
  t.u16(42);
  t.u32(8);
  t.u16(2);
  t.entry(0x0112, 3, 1, static_cast<std::uint32_t>(orientation));  // Orientation, SHORT
  t.entry(0x8825, 4, 1, 38);                                       // GPS IFD pointer
  t.u32(0);
  const std::uint32_t values = 38 + 66;
  const std::uint32_t datum_at = values + 48;
  t.u16(5);
  t.entry(0x0001, 2, 2, 'N');                                                       // GPSLatitudeRef "N"
  t.entry(0x0002, 5, 3, values);                                                    // GPSLatitude
  t.entry(0x0003, 2, 2, 'E');                                                       // GPSLongitudeRef "E"
  t.entry(0x0004, 5, 3, values + 24);                                               // GPSLongitude
  t.entry(0x0012, 2, static_cast<std::uint32_t>(kGpsMarker.size() + 1), datum_at);  // GPSMapDatum
  t.u32(0);
  for (std::uint32_t v : {35U, 1U, 40U, 1U, 5232U, 100U, 139U, 1U, 46U, 1U, 156U, 100U}) t.u32(v);
  const Bytes marker = bytes_of(kGpsMarker);
  t.b.insert(t.b.end(), marker.begin(), marker.end());
  t.b.push_back(std::byte{0});

  // Built with push_back only: GCC 12 at -O3 warns (-Warray-bounds, falsely) about
  // inserting into a vector made from a two-element initializer list.
  const std::size_t length = 2 + 6 + t.b.size();
  Bytes out;
  out.reserve(jpeg.size() + 2 + length);
  out.push_back(jpeg[0]);  // SOI
  out.push_back(jpeg[1]);
  for (std::uint8_t b : {0xFF, 0xE1}) out.push_back(static_cast<std::byte>(b));
  out.push_back(static_cast<std::byte>(length >> 8));
  out.push_back(static_cast<std::byte>(length & 0xFF));
  for (char c : std::string_view("Exif\0\0", 6)) out.push_back(static_cast<std::byte>(c));
  for (std::byte b : t.b) out.push_back(b);
  for (std::size_t i = 2; i < jpeg.size(); ++i) out.push_back(jpeg[i]);
  return out;
}

Bytes png_header_claiming(std::uint32_t width, std::uint32_t height) {
  Bytes out = bytes_of("\x89PNG\r\n\x1A\n");
  Bytes ihdr;
  put_be32(ihdr, width);
  put_be32(ihdr, height);
  for (std::uint8_t b : {8, 2, 0, 0, 0}) ihdr.push_back(static_cast<std::byte>(b));  // 8-bit RGB
  put_chunk(out, "IHDR", ihdr);
  put_chunk(out, "IDAT", Bytes{std::byte{0x78}, std::byte{0x9C}, std::byte{0x03}, std::byte{0x00}});
  put_chunk(out, "IEND", {});
  return out;
}

Bytes jpeg_header_claiming(std::uint16_t width, std::uint16_t height) {
  Bytes jpeg = make_jpeg(16, 16);
  for (std::size_t at = 2; at + 9 < jpeg.size();) {
    const auto marker = std::to_integer<std::uint8_t>(jpeg[at + 1]);
    const std::size_t length =
        (std::to_integer<std::size_t>(jpeg[at + 2]) << 8) | std::to_integer<std::size_t>(jpeg[at + 3]);
    if (marker == 0xC0) {
      jpeg[at + 5] = static_cast<std::byte>(height >> 8);
      jpeg[at + 6] = static_cast<std::byte>(height & 0xFF);
      jpeg[at + 7] = static_cast<std::byte>(width >> 8);
      jpeg[at + 8] = static_cast<std::byte>(width & 0xFF);
      return jpeg;
    }
    at += 2 + length;
  }
  throw std::runtime_error("no SOF0");
}

Bytes gif_header_claiming(std::uint16_t width, std::uint16_t height) {
  Bytes out = bytes_of("GIF89a");
  for (std::uint16_t v : {width, height}) {
    out.push_back(static_cast<std::byte>(v & 0xFF));
    out.push_back(static_cast<std::byte>(v >> 8));
  }
  for (std::uint8_t b : {0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x3B}) out.push_back(static_cast<std::byte>(b));
  return out;
}

Bytes bytes_of(std::string_view text) { return to_bytes(text.data(), text.size()); }

bool contains(const Bytes& haystack, std::string_view needle) {
  const auto* begin = reinterpret_cast<const char*>(haystack.data());
  return std::string_view(begin, haystack.size()).find(needle) != std::string_view::npos;
}

Bytes truncated(const Bytes& data, std::size_t keep) {
  return Bytes(data.begin(), data.begin() + static_cast<long>(keep));
}

std::vector<std::uint8_t> jpeg_metadata_markers(const Bytes& jpeg) {
  std::vector<std::uint8_t> found;
  for (std::size_t at = 2; at + 4 <= jpeg.size();) {
    const auto marker = std::to_integer<std::uint8_t>(jpeg[at + 1]);
    if (marker == 0xDA) break;
    if ((marker >= 0xE0 && marker <= 0xEF) || marker == 0xFE) found.push_back(marker);
    at += 2 + ((std::to_integer<std::size_t>(jpeg[at + 2]) << 8) | std::to_integer<std::size_t>(jpeg[at + 3]));
  }
  return found;
}

Rgb DecodedJpeg::at(int x, int y) const {
  const std::uint8_t* p =
      rgb.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
  return {p[0], p[1], p[2]};
}

std::optional<DecodedJpeg> decode_jpeg_for_test(const Bytes& jpeg) {
  std::unique_ptr<void, int (*)(tjhandle)> handle(tjInitDecompress(), &tjDestroy);
  const auto* data = reinterpret_cast<const unsigned char*>(jpeg.data());
  DecodedJpeg out;
  int subsampling = 0;
  int colorspace = 0;
  if (tjDecompressHeader3(handle.get(), data, jpeg.size(), &out.width, &out.height, &subsampling, &colorspace) != 0) {
    return std::nullopt;
  }
  out.rgb.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 3);
  if (tjDecompress2(handle.get(), data, jpeg.size(), out.rgb.data(), out.width, 0, out.height, TJPF_RGB,
                    TJFLAG_STOPONWARNING) != 0) {
    return std::nullopt;
  }
  return out;
}

}  // namespace pokeca::media::testing
