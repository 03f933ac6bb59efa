#include "api/json_mapping.hpp"

#include <cmath>
#include <string_view>

#include <boost/json/array.hpp>

#include "common/json_text.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca::http {
namespace {

boost::json::value text(std::string_view s) { return boost::json::string(s); }

boost::json::value text_or_null(const std::string& s) {
  if (s.empty()) return nullptr;
  return text(s);
}

boost::json::value tri_state(std::optional<bool> b) {
  if (!b) return nullptr;
  return *b;
}

double coordinate(double degrees) {
  return std::round(degrees * kCoordinateStepsPerDegree) / kCoordinateStepsPerDegree;
}

std::string_view prefecture_name(std::string_view code) {
  const auto* p = find_prefecture(code);
  return p ? p->name : std::string_view{};
}

}  // namespace

boost::json::value time_or_null(std::optional<UnixSeconds> t) {
  if (!t) return nullptr;
  return text(format_iso8601(*t));
}

boost::json::object store_json(const Store& store, std::optional<double> distance_km) {
  boost::json::object o;
  o["id"] = store.id;
  o["name"] = text(store.name);
  o["store_type"] = text(store.store_type);
  o["prefecture"] = text(store.prefecture);
  o["prefecture_name"] = text(prefecture_name(store.prefecture));
  o["city"] = text(store.city);
  o["address"] = text(store.address);
  o["lat"] = coordinate(store.location.lat);
  o["lng"] = coordinate(store.location.lng);
  o["location_precision"] = text(to_string(store.precision));
  o["sells"] = boost::json::object{{"packs", tri_state(store.sells.packs)},
                                   {"boxes", tri_state(store.sells.boxes)},
                                   {"singles", tri_state(store.sells.singles)}};
  o["last_report_at"] = time_or_null(store.last_report_at);
  o["last_report_kind"] =
      store.last_report_kind ? text(to_string(*store.last_report_kind)) : boost::json::value(nullptr);
  boost::json::object latest;
  for (const auto product : kProducts) {
    const auto& report = store.latest_by_product[product_index(product)];
    latest[to_string(product)] = report
                                     ? boost::json::value(boost::json::object{{"kind", text(to_string(report->kind))},
                                                                              {"at", text(format_iso8601(report->at))}})
                                     : boost::json::value(nullptr);
  }
  o["latest_by_product"] = std::move(latest);
  if (distance_km) o["distance_km"] = std::round(*distance_km * kDistanceStepsPerKm) / kDistanceStepsPerKm;
  return o;
}

namespace {

void append_tri_state(std::string& out, std::optional<bool> b) { out += !b ? "null" : *b ? "true" : "false"; }

}  // namespace

void append_store_json(std::string& out, const Store& store, std::optional<double> distance_km) {
  out += R"({"id":)";
  append_json_integer(out, store.id);
  out += R"(,"name":)";
  append_json_string(out, store.name);
  out += R"(,"store_type":)";
  append_json_string(out, store.store_type);
  out += R"(,"prefecture":)";
  append_json_string(out, store.prefecture);
  out += R"(,"prefecture_name":)";
  append_json_string(out, prefecture_name(store.prefecture));
  out += R"(,"city":)";
  append_json_string(out, store.city);
  out += R"(,"address":)";
  append_json_string(out, store.address);
  out += R"(,"lat":)";
  append_json_number(out, coordinate(store.location.lat));
  out += R"(,"lng":)";
  append_json_number(out, coordinate(store.location.lng));
  out += R"(,"location_precision":)";
  append_json_string(out, to_string(store.precision));
  out += R"(,"sells":{"packs":)";
  append_tri_state(out, store.sells.packs);
  out += R"(,"boxes":)";
  append_tri_state(out, store.sells.boxes);
  out += R"(,"singles":)";
  append_tri_state(out, store.sells.singles);
  out += R"(},"last_report_at":)";
  if (store.last_report_at)
    append_json_string(out, format_iso8601(*store.last_report_at));
  else
    out += "null";
  out += R"(,"last_report_kind":)";
  if (store.last_report_kind)
    append_json_string(out, to_string(*store.last_report_kind));
  else
    out += "null";
  out += R"(,"latest_by_product":{)";
  for (const auto product : kProducts) {
    if (product != kProducts.front()) out += ',';
    append_json_string(out, to_string(product));
    out += ':';
    const auto& report = store.latest_by_product[product_index(product)];
    if (!report) {
      out += "null";
      continue;
    }
    out += R"({"kind":)";
    append_json_string(out, to_string(report->kind));
    out += R"(,"at":)";
    append_json_string(out, format_iso8601(report->at));
    out += '}';
  }
  out += '}';
  if (distance_km) {
    out += R"(,"distance_km":)";
    append_json_number(out, std::round(*distance_km * kDistanceStepsPerKm) / kDistanceStepsPerKm);
  }
  out += '}';
}

namespace {

// A report's catalogue product and sale terms; null where the report says nothing.
void add_report_terms(boost::json::object& o, const PurchaseReport& report) {
  const auto& terms = report.terms;
  o["product_id"] = report.product_id ? boost::json::value(*report.product_id) : boost::json::value(nullptr);
  o["sale_method"] = terms.method ? boost::json::value(text(to_string(*terms.method))) : boost::json::value(nullptr);
  o["limit_count"] = terms.limit_count ? boost::json::value(*terms.limit_count) : boost::json::value(nullptr);
  o["limit_unit"] =
      terms.limit_unit ? boost::json::value(text(to_string(*terms.limit_unit))) : boost::json::value(nullptr);
  o["sales_started_at"] =
      terms.started_at ? boost::json::value(text(format_iso8601(*terms.started_at))) : boost::json::value(nullptr);
}

}  // namespace

boost::json::object report_json(const PurchaseReport& report) {
  boost::json::object o;
  o["id"] = report.id;
  o["kind"] = text(to_string(report.kind));
  o["product"] = text(to_string(report.product));
  o["product_name"] = text_or_null(report.product_name);
  o["limit_note"] = text_or_null(report.limit_note);
  o["purchased_at"] = text(format_iso8601(report.purchased_at));
  o["created_at"] = text(format_iso8601(report.created_at));
  add_report_terms(o, report);
  return o;
}

boost::json::object timeline_item_json(const TimelineItem& item) {
  boost::json::object o;
  o["id"] = item.report.id;
  o["store"] = boost::json::object{{"id", item.store_id},
                                   {"name", text(item.store_name)},
                                   {"prefecture", text(prefecture_name(item.prefecture))},
                                   {"prefecture_code", text(item.prefecture)},
                                   {"city", text(item.city)}};
  o["purchased_at"] = text(format_iso8601(item.report.purchased_at));
  o["created_at"] = text(format_iso8601(item.report.created_at));
  o["kind"] = text(to_string(item.report.kind));
  o["product"] = text(to_string(item.report.product));
  o["product_name"] = text_or_null(item.report.product_name);
  o["limit_note"] = text_or_null(item.report.limit_note);
  add_report_terms(o, item.report);
  return o;
}

boost::json::object cluster_json(const Cluster& cluster) {
  boost::json::object o;
  o["lat"] = coordinate(cluster.centre.lat);
  o["lng"] = coordinate(cluster.centre.lng);
  o["count"] = cluster.count;
  o["bbox"] = boost::json::array{coordinate(cluster.bounds.min_lng), coordinate(cluster.bounds.min_lat),
                                 coordinate(cluster.bounds.max_lng), coordinate(cluster.bounds.max_lat)};
  return o;
}

boost::json::object store_type_json(const StoreType& type) {
  return {{"key", text(type.key)}, {"label", text(type.label)}, {"color", text(type.color)}, {"icon", text(type.icon)}};
}

boost::json::object prefecture_json(const Prefecture& prefecture, std::int64_t store_count) {
  return {{"code", text(prefecture.code)}, {"name", text(prefecture.name)}, {"region", text(prefecture.region)},
          {"lat", prefecture.centre.lat},  {"lng", prefecture.centre.lng},  {"zoom", prefecture.zoom},
          {"store_count", store_count}};
}

boost::json::object user_json(const User& user) {
  return {{"id", user.id},
          {"email", text(user.email)},
          {"nickname", text(user.nickname)},
          {"prefecture", text_or_null(user.prefecture)},
          {"admin", user.admin},
          {"email_verified", user.email_verified()},
          {"favorite_alerts", user.favorite_alerts},
          {"review_mail", user.review_mail},
          {"created_at", text(format_iso8601(user.created_at))}};
}

boost::json::object ranking_entry_json(const RankedContributor& entry) {
  return {{"rank", entry.rank},
          {"nickname", text(entry.totals.nickname)},
          {"prefecture", text_or_null(entry.totals.prefecture)},
          {"approved_submissions_count", entry.totals.approved_count},
          {"points", entry.totals.points}};
}

}  // namespace pokeca::http
