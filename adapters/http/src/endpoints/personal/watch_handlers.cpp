#include "endpoints/personal/watch_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "pokeca/personal/watch_messages.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// Lists are short by rule; a body naming more is malformed, not a long list.
constexpr std::size_t kMaxListedNames = 8;

json::object watch_json(const AreaWatch& w) {
  json::array kinds;
  for (const auto p : products_in(w.product_kinds)) kinds.emplace_back(to_string(p));
  json::array events;
  for (const auto e : watch_events_in(w.events)) events.emplace_back(to_string(e));
  json::object out{{"id", w.id},
                   {"prefecture", w.prefecture.empty() ? json::value(nullptr) : json::value(w.prefecture)},
                   {"lat", w.centre ? json::value(w.centre->lat) : json::value(nullptr)},
                   {"lng", w.centre ? json::value(w.centre->lng) : json::value(nullptr)},
                   {"radius_km", w.centre ? json::value(w.radius_km) : json::value(nullptr)},
                   {"product_kinds", std::move(kinds)},
                   {"product_id", w.catalog_product ? json::value(*w.catalog_product) : json::value(nullptr)},
                   {"events", std::move(events)},
                   {"active", w.active},
                   {"created_at", format_iso8601(w.created_at)}};
  return out;
}

json::object quiet_json(const QuietHours& q) { return {{"start_hour", q.start_hour}, {"end_hour", q.end_hour}}; }

bool present(const json::object& body, std::string_view key) {
  const auto* v = body.if_contains(key);
  return v && !v->is_null();
}

// An array of strings; absent or null = nullopt.
Result<std::optional<std::vector<std::string>>> optional_names(const json::object& body, std::string_view key) {
  if (!present(body, key)) return std::optional<std::vector<std::string>>{};
  const auto& v = body.at(key);
  if (!v.is_array() || v.as_array().size() > kMaxListedNames) return bad_json();
  std::vector<std::string> out;
  for (const auto& item : v.as_array()) {
    if (!item.is_string()) return bad_json();
    out.emplace_back(item.as_string());
  }
  return std::optional<std::vector<std::string>>{std::move(out)};
}

// A present integer member that is not an integer is refused with the field's message.
Result<std::optional<std::int64_t>> optional_integer(const json::object& body, std::string_view key,
                                                     std::string_view message) {
  if (!present(body, key)) return std::optional<std::int64_t>{};
  const auto n = integer_member(body, key);
  if (!n) return fail(ErrorCode::kBadRequest, message);
  return n;
}

Result<WatchInput> watch_input(std::string_view text) {
  auto body = body_object(text);
  if (!body) return std::unexpected(body.error());
  WatchInput in;
  auto prefecture = optional_string_member(*body, "prefecture");
  if (!prefecture) return fail(ErrorCode::kBadRequest, msg::kWatchBadPrefecture);
  if (*prefecture && !present(*body, "prefecture")) prefecture->reset();  // null: no prefecture
  in.prefecture = std::move(*prefecture);
  auto lat = optional_number_member(*body, "lat");
  auto lng = optional_number_member(*body, "lng");
  if (!lat || !lng) return fail(ErrorCode::kBadRequest, msg::kWatchBadPoint);
  in.lat = *lat;
  in.lng = *lng;
  auto radius = optional_integer(*body, "radius_km", msg::kWatchBadRadius);
  if (!radius) return std::unexpected(radius.error());
  in.radius_km = *radius;
  auto product = optional_integer(*body, "product_id", msg::kWatchBadProductId);
  if (!product) return std::unexpected(product.error());
  in.product_id = *product;
  auto kinds = optional_names(*body, "product_kinds");
  if (!kinds) return fail(ErrorCode::kBadRequest, msg::kWatchBadProductKind);
  in.product_kinds = kinds->value_or(std::vector<std::string>{});
  auto events = optional_names(*body, "events");
  if (!events) return fail(ErrorCode::kBadRequest, msg::kWatchBadEvents);
  in.events = std::move(*events);
  auto active = optional_bool_member(*body, "active");
  if (!active) return fail(ErrorCode::kBadRequest, msg::kWatchBadActive);
  in.active = *active;
  return in;
}

}  // namespace

ApiResult WatchHandlers::get_watches(const ApiCall& call) const {
  auto list = watches_.list(*call.user);
  if (!list) return std::unexpected(list.error());
  auto quiet = watches_.quiet_hours(*call.user);
  if (!quiet) return std::unexpected(quiet.error());
  json::array out;
  for (const auto& w : *list) out.push_back(watch_json(w));
  return success_body(
      {{"watches", std::move(out)}, {"quiet_hours", quiet_json(*quiet)}, {"max_watches", kMaxWatchesPerUser}});
}

ApiResult WatchHandlers::post_watches(const ApiCall& call) const {
  auto in = watch_input(call.body);
  if (!in) return std::unexpected(in.error());
  auto created = watches_.create(*call.user, *in);
  if (!created) return std::unexpected(created.error());
  return ApiOutput{Status::created, success_body({{"watch", watch_json(*created)}})};
}

ApiResult WatchHandlers::put_watch(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto in = watch_input(call.body);
  if (!in) return std::unexpected(in.error());
  auto changed = watches_.update(*call.user, *id, *in);
  if (!changed) return std::unexpected(changed.error());
  return success_body({{"watch", watch_json(*changed)}});
}

ApiResult WatchHandlers::delete_watch(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = watches_.remove(*call.user, *id); !ok) return std::unexpected(ok.error());
  return message_body(msg::kWatchDeleted);
}

ApiResult WatchHandlers::put_watch_settings(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto quiet =
      watches_.set_quiet_hours(*call.user, integer_member(*body, "start_hour"), integer_member(*body, "end_hour"));
  if (!quiet) return std::unexpected(quiet.error());
  return success_body({{"quiet_hours", quiet_json(*quiet)}});
}

ApiResult WatchHandlers::post_watches_off(const ApiCall& call) const {
  // The token is in the URL (List-Unsubscribe); the body, if any, is RFC 8058's
  // "List-Unsubscribe=One-Click" form and carries nothing else.
  auto off = watches_.switch_off(find_param(call.query, "token").value_or(""));
  if (!off) return std::unexpected(off.error());
  return message_body(msg::kWatchesSwitchedOff, {{"switched_off", *off}});
}

}  // namespace pokeca::http
