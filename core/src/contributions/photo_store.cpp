#include "pokeca/contributions/photo_store.hpp"

#include <algorithm>

namespace pokeca {

bool is_photo_hash(std::string_view text) {
  return text.size() == kPhotoHashHexChars &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace pokeca
