#pragma once
// PhotoStore on the file system: <dir>/<first 2 hex>/<64 hex>.jpg, named by the SHA-256
// of the bytes; this adapter is the only place that knows the layout. Written atomically (a
// temporary file in the same directory, fsync, rename, fsync of the directory), mode
// 0644; storing bytes that are already there touches nothing.
//
// The hash function is passed in (the server passes libsodium's SHA-256 from
// adapters/crypto), so the media adapter does not depend on the crypto adapter.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/contributions/photo_store.hpp"

namespace pokeca::media {

// Files sit in a sub-directory named by the hash's first characters, so no directory
// grows to millions of entries.
inline constexpr std::size_t kPhotoShardHexChars = 2;
inline constexpr std::string_view kPhotoFileExtension = ".jpg";
// Stored photos are at most 1600 px on the long edge, far below this: a larger file is
// not one we wrote, and read() does not return it.
inline constexpr std::uintmax_t kMaxStoredPhotoFileBytes = 16u * 1024 * 1024;

// Lower-case hex SHA-256 of the bytes.
using ContentHash = std::function<std::string(std::string_view bytes)>;

class FilePhotoStore final : public PhotoStore {
 public:
  // Creates `dir` if needed; throws std::filesystem::filesystem_error when it cannot.
  FilePhotoStore(std::filesystem::path dir, ContentHash hash);

  Result<std::string> put(std::span<const std::byte> jpeg) override;
  Result<void> remove(std::string_view hash) override;
  [[nodiscard]] Result<std::optional<std::string>> read(std::string_view hash) const override;

  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  // Where the photo with this hash is (whether or not it exists).
  [[nodiscard]] std::filesystem::path path_of(std::string_view hash) const;

 private:
  std::filesystem::path dir_;
  ContentHash hash_;
};

}  // namespace pokeca::media
