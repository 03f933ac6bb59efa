#pragma once
// GET /photos/<64 hex>.jpg: the re-encoded submission photos, content-addressed, so
// cached for a year. The name must be exactly 64 lower-case hex digits and ".jpg";
// anything else is a 404 before the store is asked. The bytes come through core's
// PhotoStore port: where the media adapter keeps them is not this adapter's business.
#include <string>
#include <string_view>

#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

inline constexpr std::string_view kPhotoPathPrefix = "/photos/";
inline constexpr std::string_view kPhotoUrlExtension = ".jpg";

// "/photos/<hash>.jpg", the URL a photo is served at.
[[nodiscard]] std::string photo_url(std::string_view hash);

class PhotoFiles {
 public:
  explicit PhotoFiles(const PhotoStore* photos) : photos_(photos) {}

  // The response for GET/HEAD of a path under kPhotoPathPrefix.
  [[nodiscard]] Response serve(std::string_view raw_path, std::string_view if_none_match) const;

 private:
  const PhotoStore* photos_;  // null = no photos
};

}  // namespace pokeca::http
