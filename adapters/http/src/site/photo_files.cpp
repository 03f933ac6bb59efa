#include "site/photo_files.hpp"

#include <utility>

#include "common/http_messages.hpp"
#include "site/static_files.hpp"

namespace pokeca::http {
namespace {

// The hash in a URL file name that is exactly "<64 hex>.jpg", else "".
std::string_view hash_from_file_name(std::string_view name) {
  if (!name.ends_with(kPhotoUrlExtension)) return {};
  const auto hash = name.substr(0, name.size() - kPhotoUrlExtension.size());
  return is_photo_hash(hash) ? hash : std::string_view{};
}

Response not_found() {
  Response res{Status::not_found, 11};
  res.set(bhttp::field::content_type, "text/plain; charset=utf-8");
  res.set(bhttp::field::cache_control, kRevalidateCache);
  res.body() = msg::kNotFound;
  return res;
}

}  // namespace

std::string photo_url(std::string_view hash) {
  return std::string(kPhotoPathPrefix) + std::string(hash) + std::string(kPhotoUrlExtension);
}

Response PhotoFiles::serve(std::string_view raw_path, std::string_view if_none_match) const {
  if (photos_ == nullptr || !raw_path.starts_with(kPhotoPathPrefix)) return not_found();
  // The raw path, not decoded: "%2e" or "/" can never be part of a valid name.
  const auto hash = hash_from_file_name(raw_path.substr(kPhotoPathPrefix.size()));
  if (hash.empty()) return not_found();
  auto bytes = photos_->read(hash);
  if (!bytes || !*bytes) return not_found();

  // The name is the content's hash: the strongest validator there is.
  const std::string etag = "\"" + std::string(hash) + "\"";
  Response res{Status::ok, 11};
  res.set(bhttp::field::cache_control, kImmutableCache);
  res.set(bhttp::field::etag, etag);
  if (!if_none_match.empty() && etag_matches(if_none_match, etag)) {
    res.result(Status::not_modified);
    return res;
  }
  res.body() = std::move(**bytes);
  res.set(bhttp::field::content_type, "image/jpeg");
  return res;
}

}  // namespace pokeca::http
