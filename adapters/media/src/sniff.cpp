#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

#include "pokeca/media/photo_format.hpp"

namespace pokeca::media {
namespace {

bool starts_with(std::span<const std::byte> bytes, std::size_t offset, std::string_view magic) {
  if (bytes.size() < offset + magic.size()) return false;
  return std::memcmp(bytes.data() + offset, magic.data(), magic.size()) == 0;
}

bool is_heif_brand(std::span<const std::byte> brand) {
  static constexpr std::array<std::string_view, 8> kBrands = {"heic", "heix", "heim", "heis",
                                                              "hevc", "hevx", "mif1", "msf1"};
  for (auto b : kBrands) {
    if (std::memcmp(brand.data(), b.data(), 4) == 0) return true;
  }
  return false;
}

std::uint32_t be32(std::span<const std::byte> b, std::size_t at) {
  return (std::to_integer<std::uint32_t>(b[at]) << 24) | (std::to_integer<std::uint32_t>(b[at + 1]) << 16) |
         (std::to_integer<std::uint32_t>(b[at + 2]) << 8) | std::to_integer<std::uint32_t>(b[at + 3]);
}

bool is_heif(std::span<const std::byte> bytes) {
  // ISO-BMFF: box size (4) 'ftyp' major_brand (4) minor_version (4) compatible brands…
  if (!starts_with(bytes, 4, "ftyp") || bytes.size() < 16) return false;
  // A box cut short by truncation still names its type; the decoder reports the damage.
  const std::uint32_t declared = be32(bytes, 0);
  if (declared < 16 || declared % 4 != 0) return false;
  const std::size_t box_size = std::min<std::size_t>(declared, bytes.size() / 4 * 4);
  // AVIF shares mif1; it is not a format we accept.
  for (std::size_t at = 16; at + 4 <= box_size; at += 4) {
    if (starts_with(bytes, at, "avif") || starts_with(bytes, at, "avis")) return false;
  }
  if (starts_with(bytes, 8, "avif") || starts_with(bytes, 8, "avis")) return false;
  if (is_heif_brand(bytes.subspan(8, 4))) return true;
  for (std::size_t at = 16; at + 4 <= box_size; at += 4) {
    if (is_heif_brand(bytes.subspan(at, 4))) return true;
  }
  return false;
}

}  // namespace

std::optional<PhotoFormat> sniff_photo_format(std::span<const std::byte> bytes) {
  if (starts_with(bytes, 0, "\xFF\xD8\xFF")) return PhotoFormat::kJpeg;
  if (starts_with(bytes, 0, "\x89PNG\r\n\x1A\n")) return PhotoFormat::kPng;
  if (starts_with(bytes, 0, "GIF87a") || starts_with(bytes, 0, "GIF89a")) return PhotoFormat::kGif;
  if (starts_with(bytes, 0, "RIFF") && starts_with(bytes, 8, "WEBP")) return PhotoFormat::kWebp;
  if (is_heif(bytes)) return PhotoFormat::kHeif;
  return std::nullopt;
}

}  // namespace pokeca::media
