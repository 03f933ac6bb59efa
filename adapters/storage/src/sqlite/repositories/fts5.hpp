#pragma once
// What the FTS5 trigram index of store names (stores_fts) can serve, for every
// repository that searches names through it.
#include <cstddef>

namespace pokeca::storage {

// The trigram tokenizer indexes runs of three characters, so only a substring of at least
// this many characters can be looked up in the index; shorter ones are tested on the names.
inline constexpr std::size_t kTrigramChars = 3;

}  // namespace pokeca::storage
