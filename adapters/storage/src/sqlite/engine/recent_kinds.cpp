#include "engine/recent_kinds.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace pokeca::storage::recent_kinds {
namespace {

// Layout per type: u8 length of the type key, the key's bytes, then kSlots × (i64 count,
// f64 sum_lat, f64 sum_lng), native byte order (the file never leaves this machine's
// SQLite; a rebuild from stores is one migration away).
constexpr std::size_t kSlotBytes = sizeof(std::int64_t) + 2 * sizeof(double);
constexpr std::size_t kMaxTypeBytes = 255;

void put(std::string& out, const void* p, std::size_t n) { out.append(static_cast<const char*>(p), n); }

void encode(std::string& out, const TypeSums& t) {
  const auto len = static_cast<std::uint8_t>(t.type.size());
  put(out, &len, 1);
  out.append(t.type);
  for (const auto& s : t.slots) {
    put(out, &s.count, sizeof s.count);
    put(out, &s.sum_lat, sizeof s.sum_lat);
    put(out, &s.sum_lng, sizeof s.sum_lng);
  }
}

std::vector<TypeSums> decode(std::string_view blob) {
  std::vector<TypeSums> out;
  for_each_type(blob, [&](const TypeSums& t) { out.push_back(t); });
  return out;
}

std::string_view blob_of(sqlite3_value* v) {
  if (sqlite3_value_type(v) == SQLITE_NULL) return {};
  const auto* p = static_cast<const char*>(sqlite3_value_blob(v));
  return p == nullptr ? std::string_view{} : std::string_view(p, static_cast<std::size_t>(sqlite3_value_bytes(v)));
}

// A type stays while any slot counts a store: since migration 013 a store can count in a
// product's slot and not in the any-product one (its latest report of all says sold out).
void result_blob(sqlite3_context* ctx, const std::vector<TypeSums>& types) {
  std::string out;
  for (const auto& t : types)
    if (std::any_of(t.slots.begin(), t.slots.end(), [](const Sums& s) { return s.count != 0; })) encode(out, t);
  sqlite3_result_blob64(ctx, out.data(), out.size(), SQLITE_TRANSIENT);
}

bool flag_set(sqlite3_value* v) { return sqlite3_value_type(v) != SQLITE_NULL && sqlite3_value_int64(v) == 1; }

// pokeca_recent_kind(type, packs, boxes, singles, lat, lng, sign): the any-product slot
// always counts; pokeca_recent_kind(type, any, packs, boxes, singles, lat, lng, sign): it
// counts when `any` is 1. A product slot counts when its flag is 1.
void one_store(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  const auto* type = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const auto type_len = static_cast<std::size_t>(sqlite3_value_bytes(argv[0]));
  if (type == nullptr || type_len > kMaxTypeBytes) return sqlite3_result_error(ctx, "bad store type", -1);
  const bool with_any = argc == 8;
  sqlite3_value** const flags = argv + (with_any ? 2 : 1);  // packs, boxes, singles
  sqlite3_value** const rest = flags + kSlots - 1;          // lat, lng, sign
  const auto sign = sqlite3_value_int64(rest[2]);
  const Sums one{sign, static_cast<double>(sign) * sqlite3_value_double(rest[0]),
                 static_cast<double>(sign) * sqlite3_value_double(rest[1])};
  TypeSums t{std::string(type, type_len), {}};
  if (!with_any || flag_set(argv[1])) t.slots[0] = one;
  for (std::size_t p = 1; p < kSlots; ++p)
    if (flag_set(flags[p - 1])) t.slots[p] = one;
  std::string out;
  encode(out, t);
  sqlite3_result_blob64(ctx, out.data(), out.size(), SQLITE_TRANSIENT);
}

void add(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) {
  auto sum = decode(blob_of(argv[0]));
  for_each_type(blob_of(argv[1]), [&](const TypeSums& t) {
    auto it = std::find_if(sum.begin(), sum.end(), [&](const TypeSums& s) { return s.type == t.type; });
    if (it == sum.end()) {
      sum.push_back(t);
      return;
    }
    for (std::size_t p = 0; p < kSlots; ++p) {
      it->slots[p].count += t.slots[p].count;
      it->slots[p].sum_lat += t.slots[p].sum_lat;
      it->slots[p].sum_lng += t.slots[p].sum_lng;
    }
  });
  result_blob(ctx, sum);
}

// pokeca_recent_kinds_total(kinds, field): every type's any-product count (field 0),
// sum_lat (1) or sum_lng (2); 011's store_recent_cells view.
void total(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) {
  const auto sums = kind_sums(blob_of(argv[0]), {}, 0);
  switch (sqlite3_value_int64(argv[1])) {
    case 0: return sqlite3_result_int64(ctx, sums.count);
    case 1: return sqlite3_result_double(ctx, sums.sum_lat);
    case 2: return sqlite3_result_double(ctx, sums.sum_lng);
    default: return sqlite3_result_error(ctx, "bad field", -1);
  }
}

}  // namespace

bool decode_one(std::string_view& blob, TypeSums& out) {
  if (blob.empty()) return false;
  const auto len = static_cast<std::uint8_t>(blob[0]);
  if (blob.size() < 1 + len + kSlots * kSlotBytes) {
    blob = {};
    return false;
  }
  out.type.assign(blob.substr(1, len));
  const char* p = blob.data() + 1 + len;
  for (auto& s : out.slots) {
    std::memcpy(&s.count, p, sizeof s.count);
    std::memcpy(&s.sum_lat, p + sizeof s.count, sizeof s.sum_lat);
    std::memcpy(&s.sum_lng, p + sizeof s.count + sizeof s.sum_lat, sizeof s.sum_lng);
    p += kSlotBytes;
  }
  blob.remove_prefix(1 + len + kSlots * kSlotBytes);
  return true;
}

std::optional<std::size_t> slot_of(std::string_view product) {
  constexpr std::array<std::string_view, kSlots> kKeys{"*", "pack", "box", "single"};
  for (std::size_t i = 0; i < kSlots; ++i)
    if (kKeys[i] == product) return i;
  return std::nullopt;
}

Sums kind_sums(std::string_view blob, std::span<const std::string> types, std::size_t slot) {
  // In place: this runs for every cell hour a filtered view reads.
  Sums out;
  while (!blob.empty()) {
    const auto len = static_cast<std::uint8_t>(blob[0]);
    const std::size_t entry = 1 + len + kSlots * kSlotBytes;
    if (blob.size() < entry) break;
    const std::string_view type = blob.substr(1, len);
    if (types.empty() || std::find(types.begin(), types.end(), type) != types.end()) {
      const char* p = blob.data() + 1 + len + slot * kSlotBytes;
      Sums s;
      std::memcpy(&s.count, p, sizeof s.count);
      std::memcpy(&s.sum_lat, p + sizeof s.count, sizeof s.sum_lat);
      std::memcpy(&s.sum_lng, p + sizeof s.count + sizeof s.sum_lat, sizeof s.sum_lng);
      out.count += s.count;
      out.sum_lat += s.sum_lat;
      out.sum_lng += s.sum_lng;
    }
    blob.remove_prefix(entry);
  }
  return out;
}

int register_functions(sqlite3* db) {
  constexpr int kFlags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  struct Function {
    const char* name;
    int args;
    void (*call)(sqlite3_context*, int, sqlite3_value**);
  };
  constexpr std::array<Function, 4> kFunctions{{{"pokeca_recent_kind", 7, &one_store},
                                                {"pokeca_recent_kind", 8, &one_store},
                                                {"pokeca_recent_kinds_add", 2, &add},
                                                {"pokeca_recent_kinds_total", 2, &total}}};
  for (const auto& f : kFunctions)
    if (const int rc =
            sqlite3_create_function_v2(db, f.name, f.args, kFlags, nullptr, f.call, nullptr, nullptr, nullptr);
        rc != SQLITE_OK)
      return rc;
  return SQLITE_OK;
}

}  // namespace pokeca::storage::recent_kinds
