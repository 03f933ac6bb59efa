#include "pokeca/photo_store.hpp"

#include <algorithm>

namespace pokeca {

bool is_photo_hash(std::string_view text) {
  return text.size() == kPhotoHashHexChars && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

std::string photo_relative_path(std::string_view hash) {
  return std::string(hash.substr(0, kPhotoShardHexChars)) + "/" + std::string(hash) + std::string(kPhotoExtension);
}

std::string_view photo_hash_from_file_name(std::string_view name) {
  if (!name.ends_with(kPhotoExtension)) return {};
  const auto hash = name.substr(0, name.size() - kPhotoExtension.size());
  return is_photo_hash(hash) ? hash : std::string_view{};
}

}  // namespace pokeca
