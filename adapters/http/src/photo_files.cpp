#include "photo_files.hpp"

#include <fstream>
#include <iterator>

#include "http_messages.hpp"
#include "pokeca/photo_store.hpp"
#include "static_files.hpp"

namespace pokeca::http {
namespace {

namespace fs = std::filesystem;

Response not_found() {
  Response res{Status::not_found, 11};
  res.set(bhttp::field::content_type, "text/plain; charset=utf-8");
  res.set(bhttp::field::cache_control, kRevalidateCache);
  res.body() = msg::kNotFound;
  return res;
}

}  // namespace

Response PhotoFiles::serve(std::string_view raw_path, std::string_view if_none_match) const {
  if (dir_.empty() || !raw_path.starts_with(kPhotoPathPrefix)) return not_found();
  // The raw path, not decoded: "%2e" or "/" can never be part of a valid name.
  const auto hash = photo_hash_from_file_name(raw_path.substr(kPhotoPathPrefix.size()));
  if (hash.empty()) return not_found();
  const auto file = dir_ / photo_relative_path(hash);
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxPhotoFileBytes) return not_found();

  // The name is the content's hash: the strongest validator there is.
  const std::string etag = "\"" + std::string(hash) + "\"";
  Response res{Status::ok, 11};
  res.set(bhttp::field::cache_control, kImmutableCache);
  res.set(bhttp::field::etag, etag);
  if (!if_none_match.empty() && etag_matches(if_none_match, etag)) {
    res.result(Status::not_modified);
    return res;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return not_found();
  res.body().assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  res.set(bhttp::field::content_type, "image/jpeg");
  return res;
}

}  // namespace pokeca::http
