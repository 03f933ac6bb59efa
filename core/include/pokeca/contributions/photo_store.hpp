#pragma once
// Where re-encoded photos live: content-addressed files named by their SHA-256, so the
// same bytes are stored once and a name never changes meaning (cacheable for a year).
// Where and how the bytes are kept is the media adapter's business (FilePhotoStore); the
// HTTP adapter serves photos through this port and never opens the files itself.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

// SHA-256 as lower-case hex.
inline constexpr std::size_t kPhotoHashHexChars = 64;

// Exactly kPhotoHashHexChars of [0-9a-f].
[[nodiscard]] bool is_photo_hash(std::string_view text);

class PhotoStore {
 public:
  virtual ~PhotoStore() = default;
  // Stores the JPEG under its SHA-256 and returns the hash. Storing the same bytes
  // again is a no-op. kInternal when the bytes cannot be written. Thread-safe.
  virtual Result<std::string> put(std::span<const std::byte> jpeg) = 0;
  // Deletes the file of this hash; a missing file is not an error. Thread-safe.
  virtual Result<void> remove(std::string_view hash) = 0;
  // The stored JPEG with this hash; nullopt when there is none (or `hash` is not a photo
  // hash). kInternal when it exists but cannot be read. Thread-safe.
  [[nodiscard]] virtual Result<std::optional<std::string>> read(std::string_view hash) const = 0;
};

}  // namespace pokeca
