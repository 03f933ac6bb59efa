#pragma once
// Migration 010's per-kind hour buckets: one store_recent_kinds row per (level, hour, cx, cy)
// (and 011's 8-hour blocks, store_recent_blocks, the same blobs)
// holds, for each store type in the cell hour, the count and coordinate sums of its stores
// (any product) and of those selling packs, boxes and singles, packed into a BLOB. A report
// then rewrites 13 rows (one per level) instead of 009's up to 7 × 13 (type, product) rows.
// The triggers change a blob through the SQL functions registered here; the repository
// reads a kind's sums back with kind_sums().
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

struct sqlite3;

namespace pokeca::storage::recent_kinds {

struct Sums {
  std::int64_t count = 0;
  double sum_lat = 0;
  double sum_lng = 0;
};

// Slot 0 is any product; then pack, box, single (the order of the sells_* columns).
inline constexpr std::size_t kSlots = 4;

struct TypeSums {
  std::string type;
  std::array<Sums, kSlots> slots{};
};

// The slot of a product key ("*", "pack", "box", "single"); nullopt for anything else.
[[nodiscard]] std::optional<std::size_t> slot_of(std::string_view product);

// Calls `each` with every type's sums in a blob (a malformed blob yields nothing more).
template <typename F>
void for_each_type(std::string_view blob, F&& each);

// The sums of the stores of any of `types` (all types when empty; each type once) for a
// product slot.
[[nodiscard]] Sums kind_sums(std::string_view blob, std::span<const std::string> types, std::size_t slot);

// pokeca_recent_kind(store_type, sells_packs, sells_boxes, sells_singles, lat, lng, sign):
// one store's blob, its counts and sums times sign (+1 or -1), in the any-product slot and
// each product slot whose flag is 1; pokeca_recent_kind(store_type, any, packs, boxes,
// singles, lat, lng, sign): the same with the any-product slot counted only when `any` is 1
// (migration 013: flags say which latest reports are bought);
// pokeca_recent_kinds_add(a, b): a + b per type and slot, types left with no store dropped
// (an empty blob when none is left; a NULL operand counts as empty);
// pokeca_recent_kinds_total(kinds, field): all types' any-product count (0), sum_lat (1) or
// sum_lng (2) (migration 011's store_recent_cells view). Deterministic.
// Returns SQLite's result code.
int register_functions(sqlite3* db);

// Exposed for the tests and for for_each_type.
[[nodiscard]] bool decode_one(std::string_view& blob, TypeSums& out);

template <typename F>
void for_each_type(std::string_view blob, F&& each) {
  TypeSums t;
  while (!blob.empty() && decode_one(blob, t)) each(t);
}

}  // namespace pokeca::storage::recent_kinds
