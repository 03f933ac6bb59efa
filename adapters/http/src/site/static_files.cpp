#include "site/static_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

#include "common/content_encoding.hpp"
#include "common/http_messages.hpp"
#include "common/query_string.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kIndexFile = "index.html";

constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kMimeTypes{{
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".jpeg", "image/jpeg"},
    {".webp", "image/webp"},
    {".json", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".woff2", "font/woff2"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
    {".map", "application/json"},
    {".xml", "application/xml"},
}};

bool segment_allowed(std::string_view s) {
  if (s.empty() || s.front() == '.') return false;  // ".", "..", ".git", ".env"
  return std::none_of(s.begin(), s.end(), [](char c) { return c == '\\' || c == ':' || c == '\0'; });
}

bool has_extension(std::string_view raw_path) {
  const auto last = raw_path.substr(raw_path.rfind('/') + 1);
  return last.find('.') != std::string_view::npos;
}

// Each encoding of a file is its own representation, with its own tag.
std::string etag_for(std::uintmax_t size, fs::file_time_type mtime, std::string_view coding) {
  char buf[80];
  const auto n = std::snprintf(buf, sizeof buf, "\"%jx-%llx%s%.*s\"", size,
                               static_cast<unsigned long long>(mtime.time_since_epoch().count()),
                               coding.empty() ? "" : "-", static_cast<int>(coding.size()), coding.data());
  return std::string(buf, static_cast<std::size_t>(n));
}

// Build-time siblings, best first.
constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kPrecompressedSiblings{{
    {"br", ".br"},
    {"gzip", ".gz"},
}};

Response plain(Status status, std::string_view text) {
  Response res{status, 11};
  res.set(bhttp::field::content_type, "text/plain; charset=utf-8");
  res.set(bhttp::field::cache_control, kRevalidateCache);
  res.body() = text;
  return res;
}

}  // namespace

bool etag_matches(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const auto comma = header.find(',');
    auto tag = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    while (!tag.empty() && tag.front() == ' ') tag.remove_prefix(1);
    while (!tag.empty() && tag.back() == ' ') tag.remove_suffix(1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == "*" || tag == etag) return true;
  }
  return false;
}

std::optional<fs::path> safe_relative_path(std::string_view raw_path) {
  if (!raw_path.starts_with('/')) return std::nullopt;
  const auto decoded = percent_decode(raw_path, false);
  if (!decoded) return std::nullopt;
  fs::path out;
  std::string_view rest = *decoded;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const auto segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty()) continue;  // "//" collapses
    if (!segment_allowed(segment)) return std::nullopt;
    out /= fs::path(segment);
  }
  return out;
}

std::string_view mime_type_for(const fs::path& file) {
  const auto ext = ascii_lower(file.extension().string());
  for (const auto& [e, type] : kMimeTypes)
    if (e == ext) return type;
  return "application/octet-stream";
}

StaticFiles::StaticFiles(fs::path root) {
  std::error_code ec;
  auto canonical = fs::canonical(root, ec);
  root_ = ec ? std::move(root) : std::move(canonical);
}

bool StaticFiles::inside_root(const fs::path& file) const {
  // Symlinks may point anywhere; the resolved file must still be under the root.
  std::error_code ec;
  const auto real = fs::canonical(file, ec);
  if (ec) return false;
  const auto [root_end, file_it] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
  return root_end == root_.end() && file_it != real.end();
}

Response StaticFiles::serve(std::string_view raw_path, std::string_view if_none_match,
                            std::string_view accept_encoding) const {
  if (root_.empty()) return plain(Status::not_found, msg::kNotFound);
  const auto relative = safe_relative_path(raw_path);
  if (!relative) return plain(Status::not_found, msg::kNotFound);

  const auto candidate = relative->empty() ? root_ / kIndexFile : root_ / *relative;
  std::error_code ec;
  if (fs::is_regular_file(candidate, ec) && inside_root(candidate)) {
    const bool hashed = raw_path.starts_with(kHashedAssetsPrefix);
    return file_response(candidate, hashed ? kImmutableCache : kRevalidateCache, if_none_match, accept_encoding);
  }
  // Client-side routes (/map, /guide/faq) have no extension: the SPA renders them, and
  // its own not-found page. A missing asset stays a 404, so a stale page fails loudly.
  if (!has_extension(raw_path) && !raw_path.starts_with(kHashedAssetsPrefix)) {
    const auto index = root_ / kIndexFile;
    if (fs::is_regular_file(index, ec)) return file_response(index, kRevalidateCache, if_none_match, accept_encoding);
  }
  return plain(Status::not_found, msg::kNotFound);
}

Response StaticFiles::file_response(const fs::path& file, std::string_view cache, std::string_view if_none_match,
                                    std::string_view accept_encoding) const {
  std::error_code ec;
  const bool negotiable = is_precompressed_type(file);
  fs::path chosen = file;
  std::string_view coding;
  if (negotiable && !accept_encoding.empty())
    for (const auto& [name, suffix] : kPrecompressedSiblings) {
      if (!accepts_encoding(accept_encoding, name)) continue;
      auto sibling = file;
      sibling += suffix;
      if (fs::is_regular_file(sibling, ec) && inside_root(sibling)) {
        chosen = std::move(sibling);
        coding = name;
        break;
      }
    }
  const auto size = fs::file_size(chosen, ec);
  const auto mtime = fs::last_write_time(chosen, ec);
  if (ec || size > kMaxStaticFileBytes) return plain(Status::not_found, msg::kNotFound);

  const auto etag = etag_for(size, mtime, coding);
  Response res{Status::ok, 11};
  res.set(bhttp::field::cache_control, cache);
  res.set(bhttp::field::etag, etag);
  if (negotiable) res.set(bhttp::field::vary, "Accept-Encoding");
  if (!if_none_match.empty() && etag_matches(if_none_match, etag)) {
    res.result(Status::not_modified);
    return res;
  }
  if (!coding.empty()) res.set(bhttp::field::content_encoding, coding);
  std::ifstream in(chosen, std::ios::binary);
  if (!in) return plain(Status::not_found, msg::kNotFound);
  res.body().assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  res.set(bhttp::field::content_type, mime_type_for(file));
  return res;
}

}  // namespace pokeca::http
