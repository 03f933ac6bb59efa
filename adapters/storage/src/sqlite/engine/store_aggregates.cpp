#include "engine/store_aggregates.hpp"

#include <algorithm>
#include <array>

#include "pokeca/map/clustering.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage {
namespace {

// Key layout: level (5 bits) | type index (9) | product (2) | x (24) | y (24).
constexpr int kAxisBits = 24;
constexpr int kProductBits = 2;
constexpr int kTypeBits = 9;
constexpr std::uint64_t kAxisMask = (std::uint64_t{1} << kAxisBits) - 1;
constexpr std::uint64_t kProductMask = (std::uint64_t{1} << kProductBits) - 1;
constexpr std::uint64_t kTypeMask = (std::uint64_t{1} << kTypeBits) - 1;
constexpr int kProductShift = 2 * kAxisBits;
constexpr int kTypeShift = kProductShift + kProductBits;
constexpr int kLevelShift = kTypeShift + kTypeBits;
static_assert(kMaxCellLevel < (1 << (64 - kLevelShift)), "level must fit");

// Product slot 0 is kAnyProduct; 1..3 are Product values.
constexpr std::array<Product, 3> kProducts{Product::kPack, Product::kBox, Product::kSingle};

std::string_view product_key(std::uint64_t slot) { return slot == 0 ? kAnyProduct : to_string(kProducts[slot - 1]); }

std::uint64_t pack(int level, std::uint64_t type, std::uint64_t product, const CellKey& k) {
  return (static_cast<std::uint64_t>(level) << kLevelShift) | (type << kTypeShift) | (product << kProductShift) |
         (static_cast<std::uint64_t>(k.x) << kAxisBits) | static_cast<std::uint64_t>(k.y);
}

struct Unpacked {
  int level;
  std::uint64_t type, product;
  std::int64_t x, y;
};

Unpacked unpack(std::uint64_t key) {
  return {static_cast<int>(key >> kLevelShift), (key >> kTypeShift) & kTypeMask, (key >> kProductShift) & kProductMask,
          static_cast<std::int64_t>((key >> kAxisBits) & kAxisMask), static_cast<std::int64_t>(key & kAxisMask)};
}

}  // namespace

StoreAggregates::StoreAggregates(Connection& conn)
    : types_{std::string(kAnyStoreType)},
      upsert_cell_(conn,
                   "INSERT INTO store_cells (level, store_type, product, cx, cy, count, sum_lat, sum_lng)"
                   " VALUES (:level, :type, :product, :cx, :cy, :count, :sum_lat, :sum_lng)"
                   " ON CONFLICT DO UPDATE SET count = count + excluded.count,"
                   " sum_lat = sum_lat + excluded.sum_lat, sum_lng = sum_lng + excluded.sum_lng"),
      drop_empty_cell_(conn,
                       "DELETE FROM store_cells WHERE level = :level AND store_type = :type"
                       " AND product = :product AND cx = :cx AND cy = :cy AND count <= 0"),
      upsert_prefecture_(conn,
                         "INSERT INTO prefecture_counts (prefecture, count) VALUES (:prefecture, :count)"
                         " ON CONFLICT DO UPDATE SET count = count + excluded.count"),
      drop_empty_prefecture_(conn, "DELETE FROM prefecture_counts WHERE prefecture = :prefecture AND count <= 0") {
  if (cells_per_axis(kMaxCellLevel) > static_cast<std::int64_t>(kAxisMask) + 1)
    throw StorageError("kMaxCellLevel is too fine for StoreAggregates' key packing");
}

std::optional<std::uint64_t> StoreAggregates::type_index(std::string_view type) {
  // A handful of types: a linear search beats hashing a string per store and level.
  for (std::size_t i = 0; i < types_.size(); ++i)
    if (types_[i] == type) return i;
  if (types_.size() > kTypeMask) return std::nullopt;  // hundreds of types: not a real batch
  types_.emplace_back(type);
  return types_.size() - 1;
}

void StoreAggregates::record(const Store& s, int sign) {
  if (s.status != StoreStatus::kActive) return;
  const auto type = type_index(s.store_type);
  if (!type) {
    overflowed_ = true;  // flush() fails the write
    return;
  }
  const std::array<std::uint64_t, 2> types{0, *type};
  std::array<std::uint64_t, 4> products{0};
  std::size_t product_count = 1;
  const std::array<std::optional<bool>, 3> sells{s.sells.packs, s.sells.boxes, s.sells.singles};
  for (std::size_t i = 0; i < sells.size(); ++i)
    if (sells[i] == true) products[product_count++] = i + 1;

  for (int level = 0; level <= kMaxCellLevel; ++level) {
    const CellKey key = cell_of(s.location, level);
    for (const auto t : types)
      for (std::size_t p = 0; p < product_count; ++p) {
        auto& d = cells_[pack(level, t, products[p], key)];
        d.count += sign;
        d.sum_lat += sign * s.location.lat;
        d.sum_lng += sign * s.location.lng;
      }
  }
  prefectures_[s.prefecture] += sign;
}

Result<void> StoreAggregates::flush() {
  if (overflowed_) {
    discard();
    return fail_logged(ErrorCode::kInternal, msg::kInternal, "too many distinct store types in one write");
  }
  // Key order is the table's order (per level and type), which keeps b-tree writes local.
  std::vector<std::pair<std::uint64_t, Delta>> changes(cells_.begin(), cells_.end());
  std::sort(changes.begin(), changes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [key, d] : changes) {
    if (d.count == 0 && d.sum_lat == 0 && d.sum_lng == 0) continue;
    const Unpacked k = unpack(key);
    const auto bind_key = [&](Statement& st) -> Statement& {
      return st.bind_int(":level", k.level)
          .bind_text(":type", types_[k.type])
          .bind_text(":product", product_key(k.product))
          .bind_int(":cx", k.x)
          .bind_int(":cy", k.y);
    };
    auto ok = bind_key(upsert_cell_)
                  .bind_int(":count", d.count)
                  .bind_real(":sum_lat", d.sum_lat)
                  .bind_real(":sum_lng", d.sum_lng)
                  .run();
    if (ok && d.count < 0) ok = bind_key(drop_empty_cell_).run();
    if (!ok) {
      discard();
      return ok;
    }
  }
  for (const auto& [prefecture, count] : prefectures_) {
    if (count == 0) continue;
    auto ok = upsert_prefecture_.bind_text(":prefecture", prefecture).bind_int(":count", count).run();
    if (ok && count < 0) ok = drop_empty_prefecture_.bind_text(":prefecture", prefecture).run();
    if (!ok) {
      discard();
      return ok;
    }
  }
  discard();
  return {};
}

void StoreAggregates::discard() {
  cells_.clear();
  prefectures_.clear();
  types_.resize(1);
  overflowed_ = false;
}

}  // namespace pokeca::storage
