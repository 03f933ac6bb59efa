#include "exif_orientation.hpp"

#include <cstring>

namespace pokeca::media {
namespace {

int orientation_from_tiff(std::span<const std::uint8_t> tiff) {
  if (tiff.size() < 8) return 1;
  bool little = false;
  if (tiff[0] == 'I' && tiff[1] == 'I') {
    little = true;
  } else if (!(tiff[0] == 'M' && tiff[1] == 'M')) {
    return 1;
  }
  auto u16 = [&](std::size_t at) -> std::uint32_t {
    return little ? (tiff[at] | (tiff[at + 1] << 8)) : ((tiff[at] << 8) | tiff[at + 1]);
  };
  auto u32 = [&](std::size_t at) -> std::uint32_t {
    return little ? (u16(at) | (u16(at + 2) << 16)) : ((u16(at) << 16) | u16(at + 2));
  };
  if (u16(2) != 42) return 1;
  const std::size_t ifd = u32(4);
  if (ifd > tiff.size() || tiff.size() - ifd < 2) return 1;
  const std::size_t entries = u16(ifd);
  for (std::size_t i = 0; i < entries; ++i) {
    const std::size_t entry = ifd + 2 + i * 12;
    if (entry > tiff.size() || tiff.size() - entry < 12) return 1;
    if (u16(entry) != 0x0112) continue;
    if (u16(entry + 2) != 3 || u32(entry + 4) != 1) return 1;  // SHORT, count 1
    const std::uint32_t value = u16(entry + 8);
    return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
  }
  return 1;
}

}  // namespace

int jpeg_exif_orientation(std::span<const std::uint8_t> jpeg) {
  if (jpeg.size() < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8) return 1;
  std::size_t at = 2;
  while (at + 4 <= jpeg.size()) {
    if (jpeg[at] != 0xFF) return 1;
    const std::uint8_t marker = jpeg[at + 1];
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0xDA || marker == 0xD9) return 1;  // SOS / EOI: no more metadata
    const std::size_t length = (static_cast<std::size_t>(jpeg[at + 2]) << 8) | jpeg[at + 3];
    if (length < 2 || jpeg.size() - (at + 2) < length) return 1;
    if (marker == 0xE1 && length >= 8 && std::memcmp(jpeg.data() + at + 4, "Exif\0\0", 6) == 0) {
      return orientation_from_tiff(jpeg.subspan(at + 10, length - 8));
    }
    at += 2 + length;
  }
  return 1;
}

}  // namespace pokeca::media
