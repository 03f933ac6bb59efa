#pragma once
// Serves the built frontend from one directory: MIME types, cache headers, ETags, the
// SPA fallback to index.html, and no way out of the root.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

// Vite puts content-hashed files here; they never change under the same name.
inline constexpr std::string_view kHashedAssetsPrefix = "/assets/";
inline constexpr std::string_view kImmutableCache = "public, max-age=31536000, immutable";
inline constexpr std::string_view kRevalidateCache = "no-cache";
inline constexpr std::uintmax_t kMaxStaticFileBytes = 32u * 1024 * 1024;

// The raw URL path as a relative path under the root, or nullopt when it must not be
// served: bad escapes, NUL, backslashes, drive letters, "." / ".." or hidden segments
// (after decoding, so "%2e%2e" and "%2f" count too). "/" gives an empty path.
[[nodiscard]] std::optional<std::filesystem::path> safe_relative_path(std::string_view raw_path);

[[nodiscard]] std::string_view mime_type_for(const std::filesystem::path& file);

// If-None-Match: "*" or a comma list of tags, weak ones ("W/…") compared weakly.
[[nodiscard]] bool etag_matches(std::string_view if_none_match, std::string_view etag);

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // The response for GET/HEAD of a non-API path (status, body and content headers).
  // Text assets with a build-time NAME.br / NAME.gz sibling are sent compressed when
  // Accept-Encoding allows (br first), always with Vary: Accept-Encoding.
  [[nodiscard]] Response serve(std::string_view raw_path, std::string_view if_none_match,
                               std::string_view accept_encoding = {}) const;

 private:
  [[nodiscard]] Response file_response(const std::filesystem::path& file, std::string_view cache,
                                       std::string_view if_none_match, std::string_view accept_encoding) const;
  [[nodiscard]] bool inside_root(const std::filesystem::path& file) const;

  std::filesystem::path root_;  // canonical when it exists
};

}  // namespace pokeca::http
