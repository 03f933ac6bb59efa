#pragma once
// Importing stores from outside data (CSV rows, OpenStreetMap features): the rules that
// turn one source record into a Store, and the tally of an import run. File formats are
// read by adapters/import; this file knows no files.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr std::size_t kMaxImportNameChars = 100;     // UTF-8 code points
inline constexpr std::size_t kMaxImportAddressChars = 200;  // UTF-8 code points
inline constexpr std::size_t kMaxImportCityChars = 50;      // UTF-8 code points
inline constexpr std::size_t kMaxImportExternalIdBytes = 200;
// Japan, generously: Yonaguni (122.9°E) to Minamitorishima (153.98°E), Okinotorishima
// (20.4°N) to Cape Soya (45.5°N).
inline constexpr BoundingBox kJapanBounds{.min_lng = 122.0, .min_lat = 20.0, .max_lng = 154.0, .max_lat = 46.0};
// The box also holds Busan, Jeju and Vladivostok; a point this far from every
// municipality centre in the gazetteer is not in Japan (the farthest inhabited corner
// of a municipality, northern Tsushima, is about 52 km from its centre; Busan ≈ 100 km).
inline constexpr double kMaxKmFromMunicipality = 80.0;
// The summary keeps this many skipped rows in detail (it counts them all).
inline constexpr std::size_t kMaxReportedSkips = 1000;

// Where a record came from, for the skip report.
struct ImportPosition {
  enum class Kind { kLine, kFeature };
  Kind kind = Kind::kLine;
  std::size_t number = 0;  // CSV: the line the record starts on; GeoJSON: feature index from 1
};
// "12行目" or "3番目の地物"
[[nodiscard]] std::string describe(const ImportPosition& position);

// OSM-style tags: shop, amenity, addr:* … (sorted; lookups by string_view).
using ImportTags = std::map<std::string, std::string, std::less<>>;

// One store as the source gave it, before any rule is applied.
struct ImportRecord {
  ImportPosition position;
  std::string external_id;  // already namespaced: "osm:node/123", "csv:42"
  std::string name;
  std::string store_type;  // an explicit type key; empty = decide from tags
  ImportTags tags;
  std::optional<double> lat;  // nullopt = absent
  std::optional<double> lng;
  std::string address;                    // empty = build from addr:* tags
  std::optional<std::string> prefecture;  // code ("tokyo") or name ("東京都")
  std::optional<std::string> city;
  // "yes"/"no" and the like (see parse_sells_flag); empty = unknown.
  std::string sells_packs, sells_boxes, sells_singles;
};

// The store the record describes (id 0, source import, precision exact, created and
// updated `now`), or a kBadRequest error whose message is the Japanese skip reason.
[[nodiscard]] Result<Store> store_from_import(const ImportRecord& record, const Gazetteer& gazetteer, UnixSeconds now);

// Store type from OSM tags and the name (used when no valid explicit type is given).
[[nodiscard]] std::string_view store_type_from_tags(const ImportTags& tags, std::string_view name);
// "東京都新宿区西新宿二丁目8-1" from addr:* tags; addr:full wins when present; "" when none.
[[nodiscard]] std::string address_from_tags(const ImportTags& tags);
// Whether a store sells something, as a source says it.
enum class SellsFlag { kUnknown, kYes, kNo };
// yes/no, true/false, 1/0, はい/いいえ, あり/なし, ○/× (case-insensitive), "" → unknown;
// anything else → nullopt.
[[nodiscard]] std::optional<SellsFlag> parse_sells_flag(std::string_view text);

struct SkippedRow {
  ImportPosition position;
  std::string reason;  // Japanese
};

struct ImportSummary {
  std::size_t inserted = 0;
  std::size_t updated = 0;
  std::size_t unchanged = 0;
  std::size_t skipped = 0;
  std::vector<SkippedRow> skipped_rows;  // the first kMaxReportedSkips of them

  [[nodiscard]] std::size_t total() const { return inserted + updated + unchanged + skipped; }
};

// One import run: checks each record, upserts it by external id, and tallies the
// outcome. Each record is its own upsert, so a run that stops half way leaves the
// records before it stored; running the same file again finishes it (idempotent).
class StoreImporter {
 public:
  StoreImporter(StoreRepository& stores, const Gazetteer& gazetteer, UnixSeconds now)
      : stores_(stores), gazetteer_(gazetteer), now_(now) {}

  // A record the rules refuse, or a repeat of an external id seen earlier in this run,
  // is skipped with its reason; only a repository failure is an error.
  Result<void> add(const ImportRecord& record);
  // A record the reader could not even build (wrong column count, bad geometry …).
  void skip(const ImportPosition& position, std::string reason);

  [[nodiscard]] const ImportSummary& summary() const { return summary_; }

 private:
  StoreRepository& stores_;
  const Gazetteer& gazetteer_;
  UnixSeconds now_;
  ImportSummary summary_;
  std::unordered_map<std::string, ImportPosition> seen_;  // external id → first position
};

}  // namespace pokeca
