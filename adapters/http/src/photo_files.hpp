#pragma once
// GET /photos/<64 hex>.jpg: the re-encoded submission photos, content-addressed, so
// cached for a year. The name must be exactly 64 lower-case hex digits and ".jpg";
// anything else is a 404 before the file system is asked, so no path can escape the
// photo directory.
#include <filesystem>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

inline constexpr std::string_view kPhotoPathPrefix = "/photos/";
// Stored photos are at most 1600 px on the long edge: far below this.
inline constexpr std::uintmax_t kMaxPhotoFileBytes = 16u * 1024 * 1024;

class PhotoFiles {
 public:
  explicit PhotoFiles(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // The response for GET/HEAD of a path under kPhotoPathPrefix.
  [[nodiscard]] Response serve(std::string_view raw_path, std::string_view if_none_match) const;

 private:
  std::filesystem::path dir_;  // empty = no photos
};

}  // namespace pokeca::http
