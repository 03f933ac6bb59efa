#pragma once
// Photos attached to store submissions (PRODUCT.md §5, SPEC.md §9): the limits and the
// port that turns one untrusted upload into the two JPEGs the server stores. The
// adapter (adapters/media) sniffs the type from the bytes, refuses pixel bombs before
// decoding, applies the orientation, scales down and re-encodes without any metadata.
// Content hashing and storage are the caller's business.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

// SPEC.md §9: at most 3 images per submission.
inline constexpr std::size_t kMaxImagesPerSubmission = 3;
// PRODUCT.md §5: each upload at most 10 MB (MiB, so a "10 MB" phone photo always fits).
inline constexpr std::size_t kMaxPhotoBytes = 10 * 1024 * 1024;
// PRODUCT.md §5: images over 40 megapixels are refused before they are decoded.
inline constexpr std::uint64_t kMaxPhotoPixels = 40'000'000;
// The stored photo: long edge at most this many pixels (never scaled up).
inline constexpr int kPhotoMaxLongEdge = 1600;
// The thumbnail: long edge at most this many pixels.
inline constexpr int kThumbnailMaxLongEdge = 320;
// libjpeg quality (0–100) of both stored JPEGs.
inline constexpr int kPhotoJpegQuality = 82;

// The upload's real type, sniffed from its first bytes (never from a name or header).
enum class PhotoFormat : std::uint8_t { kJpeg, kPng, kWebp, kGif, kHeif };

// A baseline JPEG (JFIF, no EXIF, no ICC, no comments) and its pixel size.
struct EncodedJpeg {
  std::vector<std::byte> bytes;
  int width = 0;
  int height = 0;
};

struct ProcessedPhoto {
  EncodedJpeg photo;      // long edge ≤ kPhotoMaxLongEdge, upright
  EncodedJpeg thumbnail;  // long edge ≤ kThumbnailMaxLongEdge, upright
  PhotoFormat source_format = PhotoFormat::kJpeg;
};

// Errors (messages from messages.hpp, detail codes "photo/…"):
//   kPayloadTooLarge  upload over kMaxPhotoBytes ("photo/too-large") or over
//                     kMaxPhotoPixels ("photo/too-many-pixels")
//   kUnsupportedMedia not JPEG/PNG/WebP/GIF/HEIC/HEIF ("photo/unsupported-type"),
//                     truncated or corrupt ("photo/corrupt"), or the decoder crashed,
//                     ran out of memory or time ("photo/processing-failed")
//   kInternal         the server could not run the decoder at all ("photo/internal")
class PhotoProcessor {
 public:
  virtual ~PhotoProcessor() = default;
  // Safe to call from several threads at once.
  [[nodiscard]] virtual Result<ProcessedPhoto> process(std::span<const std::byte> upload) const = 0;
};

}  // namespace pokeca
