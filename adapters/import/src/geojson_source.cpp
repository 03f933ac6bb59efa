// GeoJSON features to import records (rules in file_import.hpp).
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parser.hpp>
#include <boost/json/value.hpp>

#include "sources.hpp"
#include "text_util.hpp"

namespace pokeca::importer {
namespace {

namespace json = boost::json;

constexpr std::string_view kNotFeatureCollection =
    "GeoJSONの最上位が FeatureCollection（または Feature）ではありません。";
constexpr std::string_view kNoFeatures = "GeoJSONの FeatureCollection に features の配列がありません。";
constexpr std::string_view kReasonNotFeature = "地物（\"type\": \"Feature\"）ではありません。";
constexpr std::string_view kReasonBadCoordinates = "ジオメトリの座標の形式が正しくありません。";
constexpr std::string_view kReasonUnsupportedGeometry =
    "対応していないジオメトリです（Point・Polygon・MultiPolygonのみ）";

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kOsmPrefix = "osm:";
constexpr std::string_view kGeoJsonPrefix = "geojson:";
// Below this (square degrees) a ring has no area to speak of: use its vertices' mean.
constexpr double kMinRingArea = 1e-14;

struct OsmType {
  char letter;
  std::string_view name;
};
constexpr std::array<OsmType, 3> kOsmTypes{{{'n', "node"}, {'w', "way"}, {'r', "relation"}}};

std::string syntax_error(std::string_view text, std::size_t offset) {
  const auto line =
      1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
  return "GeoJSONとして読めません（" + std::to_string(line) + "行目付近でJSONの構文が正しくありません）。";
}

std::optional<double> number_of(const json::value& v) {
  if (v.is_double()) return v.get_double();
  if (v.is_int64()) return static_cast<double>(v.get_int64());
  if (v.is_uint64()) return static_cast<double>(v.get_uint64());
  return std::nullopt;
}

// A property value as tag text: strings as is, numbers in their shortest form,
// booleans as yes/no; objects, arrays and null say nothing.
std::optional<std::string> text_of(const json::value& v) {
  if (const auto* s = v.if_string()) return std::string(s->data(), s->size());
  if (v.is_bool()) return std::string(v.get_bool() ? "yes" : "no");
  if (v.is_int64()) return std::to_string(v.get_int64());
  if (v.is_uint64()) return std::to_string(v.get_uint64());
  if (v.is_double()) {
    std::array<char, 32> buf{};
    const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v.get_double());
    if (ec == std::errc{}) return std::string(buf.data(), end);
  }
  return std::nullopt;
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// "osm:node/123" when the id names an OSM element ("node/123", "n123", or digits with
// an @type), else nullopt.
std::optional<std::string> osm_id(std::string_view id, std::string_view type_hint) {
  for (const auto& t : kOsmTypes) {
    if (id.starts_with(t.name) && id.size() > t.name.size() && id[t.name.size()] == '/' &&
        all_digits(id.substr(t.name.size() + 1)))
      return std::string(kOsmPrefix) + std::string(id);
    if (id.size() > 1 && id.front() == t.letter && all_digits(id.substr(1)))
      return std::string(kOsmPrefix) + std::string(t.name) + "/" + std::string(id.substr(1));
    if (all_digits(id) && type_hint == t.name)
      return std::string(kOsmPrefix) + std::string(t.name) + "/" + std::string(id);
  }
  return std::nullopt;
}

std::string external_id_for(const json::object& feature, const ImportTags& props) {
  std::string_view type_hint;
  if (const auto t = props.find("@type"); t != props.end()) type_hint = t->second;
  std::vector<std::string> candidates;
  if (const auto* id = feature.if_contains("id"))
    if (auto text = text_of(*id)) candidates.push_back(std::string(trim_ascii_whitespace(*text)));
  if (const auto id = props.find("@id"); id != props.end()) candidates.emplace_back(trim_ascii_whitespace(id->second));
  std::erase_if(candidates, [](const std::string& c) { return c.empty(); });
  // An OSM element id wins over a plain one (QGIS numbers features 0, 1, 2 …).
  for (const auto& c : candidates) {
    if (c.find(':') != std::string::npos) return c;
    if (auto osm = osm_id(c, type_hint)) return *osm;
  }
  return candidates.empty() ? std::string{} : std::string(kGeoJsonPrefix) + candidates.front();
}

ImportTags tags_of(const json::object* properties) {
  ImportTags tags;
  if (!properties) return tags;
  for (const auto& [key, value] : *properties) {
    auto text = text_of(value);
    if (text) tags.insert_or_assign(std::string(key.data(), key.size()), std::move(*text));
  }
  return tags;
}

std::optional<LatLng> position_of(const json::value& v) {  // [lng, lat, (altitude)]
  const auto* a = v.if_array();
  if (!a || a->size() < 2) return std::nullopt;
  const auto lng = number_of((*a)[0]);
  const auto lat = number_of((*a)[1]);
  if (!lng || !lat) return std::nullopt;
  return LatLng{*lat, *lng};
}

struct RingCentre {
  LatLng centre;
  double area = 0;  // square degrees, unsigned
};

// Area centroid of a ring in the lng/lat plane (fine at shop scale), or the mean of
// its vertices when it has no area.
std::optional<RingCentre> ring_centre(const json::value& v) {
  const auto* a = v.if_array();
  if (!a || a->empty()) return std::nullopt;
  std::vector<LatLng> points;
  points.reserve(a->size());
  for (const auto& p : *a) {
    auto point = position_of(p);
    if (!point) return std::nullopt;
    points.push_back(*point);
  }
  if (points.size() > 1 && points.front().lat == points.back().lat && points.front().lng == points.back().lng)
    points.pop_back();                   // closed ring: the last point repeats the first
  const LatLng origin = points.front();  // relative coordinates keep precision
  double twice_area = 0, cx = 0, cy = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    const auto& q = points[(i + 1) % points.size()];
    const double px = p.lng - origin.lng, py = p.lat - origin.lat;
    const double qx = q.lng - origin.lng, qy = q.lat - origin.lat;
    const double cross = px * qy - qx * py;
    twice_area += cross;
    cx += (px + qx) * cross;
    cy += (py + qy) * cross;
  }
  if (std::abs(twice_area) / 2 < kMinRingArea) {
    double lat = 0, lng = 0;
    for (const auto& p : points) lat += p.lat, lng += p.lng;
    const auto n = static_cast<double>(points.size());
    return RingCentre{{lat / n, lng / n}, 0};
  }
  return RingCentre{{origin.lat + cy / (3 * twice_area), origin.lng + cx / (3 * twice_area)}, std::abs(twice_area) / 2};
}

std::optional<RingCentre> outer_ring_centre(const json::value& polygon) {
  const auto* rings = polygon.if_array();
  if (!rings || rings->empty()) return std::nullopt;
  return ring_centre(rings->front());
}

// nullopt when the feature has no geometry; an error (skip reason) when it has one we
// cannot place.
Result<std::optional<LatLng>> location_of(const json::object& feature) {
  const auto* geometry_value = feature.if_contains("geometry");
  if (!geometry_value || geometry_value->is_null()) return std::optional<LatLng>{};
  const auto* geometry = geometry_value->if_object();
  const auto* type_value = geometry ? geometry->if_contains("type") : nullptr;
  const auto* type = type_value ? type_value->if_string() : nullptr;
  const auto* coordinates = geometry ? geometry->if_contains("coordinates") : nullptr;
  if (!type || !coordinates) return fail(ErrorCode::kBadRequest, kReasonBadCoordinates);
  const auto bad = [] { return fail(ErrorCode::kBadRequest, kReasonBadCoordinates); };
  if (*type == "Point") {
    auto point = position_of(*coordinates);
    if (!point) return bad();
    return std::optional<LatLng>{*point};
  }
  if (*type == "Polygon") {
    auto centre = outer_ring_centre(*coordinates);
    if (!centre) return bad();
    return std::optional<LatLng>{centre->centre};
  }
  if (*type == "MultiPolygon") {  // the largest part
    const auto* polygons = coordinates->if_array();
    if (!polygons || polygons->empty()) return bad();
    std::optional<RingCentre> best;
    for (const auto& polygon : *polygons) {
      auto centre = outer_ring_centre(polygon);
      if (!centre) return bad();
      if (!best || centre->area > best->area) best = centre;
    }
    return std::optional<LatLng>{best->centre};
  }
  return fail(ErrorCode::kBadRequest,
              std::string(kReasonUnsupportedGeometry) + "：" + shorten(std::string_view(type->data(), type->size())));
}

std::string take(const ImportTags& tags, std::string_view key) {
  const auto it = tags.find(key);
  return it == tags.end() ? std::string{} : it->second;
}

Result<ImportRecord> record_from_feature(const json::value& value, const ImportPosition& position) {
  const auto* feature = value.if_object();
  const auto* type = feature ? feature->if_contains("type") : nullptr;
  if (!type || !type->is_string() || type->get_string() != "Feature")
    return fail(ErrorCode::kBadRequest, kReasonNotFeature);
  const auto* properties_value = feature->if_contains("properties");
  ImportRecord record;
  record.position = position;
  record.tags = tags_of(properties_value ? properties_value->if_object() : nullptr);
  record.external_id = external_id_for(*feature, record.tags);
  record.name = take(record.tags, "name");
  if (trim_ascii_whitespace(record.name).empty()) record.name = take(record.tags, "name:ja");
  record.store_type = take(record.tags, "store_type");
  record.address = take(record.tags, "address");
  if (record.tags.contains("prefecture")) record.prefecture = take(record.tags, "prefecture");
  if (record.tags.contains("city")) record.city = take(record.tags, "city");
  record.sells_packs = take(record.tags, "sells_packs");
  record.sells_boxes = take(record.tags, "sells_boxes");
  record.sells_singles = take(record.tags, "sells_singles");
  auto location = location_of(*feature);
  if (!location) return std::unexpected(location.error());
  if (*location) record.lat = (*location)->lat, record.lng = (*location)->lng;
  return record;
}

}  // namespace

Result<void> import_geojson(std::string_view text, StoreImporter& importer) {
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  // The whole document is parsed before the first upsert. A monotonic arena makes a
  // large export cheap to build and free in one go.
  json::monotonic_resource arena;
  json::parser parser(&arena);
  boost::system::error_code ec;
  const auto used = parser.write(text.data(), text.size(), ec);
  if (ec) return fail(ErrorCode::kBadRequest, syntax_error(text, std::min(used, text.size())));
  const json::value root = parser.release();

  const auto* object = root.if_object();
  const auto* type = object ? object->if_contains("type") : nullptr;
  if (!type || !type->is_string()) return fail(ErrorCode::kBadRequest, kNotFeatureCollection);
  if (type->get_string() == "Feature") {
    auto record = record_from_feature(root, {ImportPosition::Kind::kFeature, 1});
    if (!record) {
      importer.skip({ImportPosition::Kind::kFeature, 1}, std::move(record.error().message));
      return {};
    }
    return importer.add(*record);
  }
  if (type->get_string() != "FeatureCollection") return fail(ErrorCode::kBadRequest, kNotFeatureCollection);
  const auto* features_value = object->if_contains("features");
  const auto* features = features_value ? features_value->if_array() : nullptr;
  if (!features) return fail(ErrorCode::kBadRequest, kNoFeatures);

  std::size_t index = 0;
  for (const auto& feature : *features) {
    const ImportPosition position{ImportPosition::Kind::kFeature, ++index};
    auto record = record_from_feature(feature, position);
    if (!record) {
      importer.skip(position, std::move(record.error().message));
      continue;
    }
    if (auto added = importer.add(*record); !added) return added;
  }
  return {};
}

}  // namespace pokeca::importer
