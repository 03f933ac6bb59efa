#pragma once
// Type sniffing from magic bytes only: the file name and the client's Content-Type are
// never trusted.
#include <cstddef>
#include <optional>
#include <span>

#include "pokeca/contributions/photo.hpp"

namespace pokeca::media {

// JPEG (FF D8 FF), PNG (the 8-byte signature), GIF (GIF87a/GIF89a), WebP (RIFF….WEBP)
// and HEIC/HEIF (an ISO-BMFF `ftyp` box whose major or compatible brands name HEIF
// with HEVC: heic, heix, heim, heis, hevc, hevx, mif1, msf1). AVIF and anything else:
// nullopt.
[[nodiscard]] std::optional<PhotoFormat> sniff_photo_format(std::span<const std::byte> bytes);

}  // namespace pokeca::media
