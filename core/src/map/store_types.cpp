#include "pokeca/map/store_types.hpp"

#include <array>

namespace pokeca {
namespace {

// Colours are distinct for colour-blind users where possible and readable on the map.
constexpr std::array<StoreType, 9> kStoreTypes{{
    {"card_shop", "カードショップ", "#d32f2f", "🃏"},
    {"pokemon_center", "ポケモンセンター", "#f9a825", "★"},
    {"convenience", "コンビニ", "#1e88e5", "🏪"},
    {"electronics", "家電量販店", "#6a1b9a", "🔌"},
    {"toy", "おもちゃ屋", "#ef6c00", "🧸"},
    {"supermarket", "スーパー", "#2e7d32", "🛒"},
    {"drugstore", "ドラッグストア", "#00897b", "💊"},
    {"bookstore", "書店", "#5d4037", "📚"},
    {"other", "その他", "#546e7a", "📍"},
}};

}  // namespace

std::span<const StoreType> all_store_types() { return kStoreTypes; }

const StoreType* find_store_type(std::string_view key) {
  for (const auto& t : kStoreTypes)
    if (t.key == key) return &t;
  return nullptr;
}

}  // namespace pokeca
