#pragma once
// Where re-encoded photos live: content-addressed files named by their SHA-256, so the
// same bytes are stored once and a name never changes meaning (cacheable for a year).
// The layout is defined here once; the media adapter writes it, the HTTP adapter reads it.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "pokeca/errors.hpp"

namespace pokeca {

// SHA-256 as lower-case hex.
inline constexpr std::size_t kPhotoHashHexChars = 64;
// Files sit in a sub-directory named by the hash's first characters, so no directory
// grows to millions of entries.
inline constexpr std::size_t kPhotoShardHexChars = 2;
inline constexpr std::string_view kPhotoExtension = ".jpg";

// Exactly kPhotoHashHexChars of [0-9a-f].
[[nodiscard]] bool is_photo_hash(std::string_view text);
// "ab/ab12….jpg" (relative to the photo directory). `hash` must be a photo hash.
[[nodiscard]] std::string photo_relative_path(std::string_view hash);
// The hash in a file name that is exactly "<64 hex>.jpg", else "".
[[nodiscard]] std::string_view photo_hash_from_file_name(std::string_view name);

class PhotoStore {
 public:
  virtual ~PhotoStore() = default;
  // Stores the JPEG under its SHA-256 and returns the hash. Storing the same bytes
  // again is a no-op. kInternal when the bytes cannot be written. Thread-safe.
  virtual Result<std::string> put(std::span<const std::byte> jpeg) = 0;
  // Deletes the file of this hash; a missing file is not an error. Thread-safe.
  virtual Result<void> remove(std::string_view hash) = 0;
};

}  // namespace pokeca
