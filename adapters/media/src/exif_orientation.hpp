#pragma once
// The EXIF Orientation tag (0x0112) of a JPEG, read from its APP1 "Exif\0\0" segment
// without any EXIF library: markers are walked from SOI to SOS, the TIFF header gives
// the byte order, IFD0 is searched for the tag. Anything malformed → 1 (as stored).
#include <cstdint>
#include <span>

namespace pokeca::media {

// 1–8 as in EXIF 2.32 §4.6.4; 1 when absent or unreadable.
[[nodiscard]] int jpeg_exif_orientation(std::span<const std::uint8_t> jpeg);

}  // namespace pokeca::media
