#pragma once
// Store names compared loosely, to point moderators at likely duplicates: "ポケモン
// センター トウキョーＤＸ" and "ﾎﾟｹﾓﾝｾﾝﾀｰﾄｳｷｮｰDX" are the same shop.
#include <cstddef>
#include <string>
#include <string_view>

namespace pokeca {

// A contained name must have at least this many characters to count ("ア" is inside
// half the shops in Japan).
inline constexpr std::size_t kMinContainedNameChars = 2;

// NFKC-like folding of what people type differently: full-width ASCII to ASCII,
// half-width katakana (with ﾞ/ﾟ) to full-width, ASCII lower case; spaces and
// punctuation dropped (ASCII symbols, ・、。「」『』【】（）〜 dashes and quotes).
// Long-vowel marks (ー) and everything else stay. Input must be valid UTF-8.
[[nodiscard]] std::string normalize_store_name(std::string_view name);

// Two normalised names name the same shop: equal, or one contains the other and the
// shorter has at least kMinContainedNameChars characters. Empty names never match.
[[nodiscard]] bool same_store_name(std::string_view normalized_a, std::string_view normalized_b);

}  // namespace pokeca
