#pragma once
// Kinds of store shown on the map, with their label and marker style.
#include <span>
#include <string_view>

namespace pokeca {

struct StoreType {
  std::string_view key;    // "card_shop"
  std::string_view label;  // "カードショップ"
  std::string_view color;  // marker colour, "#rrggbb"
  std::string_view icon;   // a short glyph for the marker
};

[[nodiscard]] std::span<const StoreType> all_store_types();
[[nodiscard]] const StoreType* find_store_type(std::string_view key);

inline constexpr std::string_view kDefaultStoreType = "other";

}  // namespace pokeca
