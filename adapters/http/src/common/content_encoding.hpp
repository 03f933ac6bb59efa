#pragma once
// Compressed answers: which codings a client accepts, gzip for API JSON, and
// which static files may have build-time .br / .gz siblings (frontend/scripts/precompress.mjs).
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace pokeca::http {

// API JSON shorter than this goes as it is: below about a packet, gzip saves nothing.
inline constexpr std::size_t kMinCompressedJsonBytes = 1024;
// libdeflate level for API answers, compressed on the request path: fast beats small here.
inline constexpr int kJsonGzipLevel = 1;

// Whether an Accept-Encoding header accepts `coding` ("gzip", "br"): listed (or "*")
// with q > 0. Names are case-insensitive; "x-gzip" counts as gzip.
[[nodiscard]] bool accepts_encoding(std::string_view accept_encoding, std::string_view coding);

// The gzip (RFC 1952) form of `data` (libdeflate, level 0–12); empty if it fails.
[[nodiscard]] std::string gzip_compress(std::string_view data, int level = kJsonGzipLevel);

// Text types the frontend build precompresses (JS, CSS, SVG, HTML, JSON …); never
// already-compressed ones (JPEG, PNG, WebP, woff2).
[[nodiscard]] bool is_precompressed_type(const std::filesystem::path& file);

}  // namespace pokeca::http
