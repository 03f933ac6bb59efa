#include "endpoints/lotteries/lottery_handlers.hpp"

#include <cmath>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// Lists are short by rule; a body naming more is malformed, not a long list.
constexpr std::size_t kMaxListedNames = 16;

json::value time_or_null(const std::optional<UnixSeconds>& t) {
  if (!t) return nullptr;
  return json::string(format_iso8601(*t));
}

template <typename Value>
json::array names_of(const std::vector<Value>& values) {
  json::array out;
  for (const auto v : values) out.emplace_back(to_string(v));
  return out;
}

// An entry as every list shows it; admins also see its review.
json::object lottery_json(const LotteryListing& l, bool for_admin) {
  const auto& e = l.entry;
  json::object out{
      {"id", e.id},
      {"store",
       {{"id", e.store_id},
        {"name", l.store_name},
        {"prefecture", l.prefecture},
        {"city", l.city},
        {"lat", l.location.lat},
        {"lng", l.location.lng}}},
      {"product", {{"id", e.product_id ? json::value(*e.product_id) : json::value(nullptr)}, {"name", e.product_name}}},
      {"methods", names_of(lottery_methods_in(e.methods))},
      {"apply_start", format_iso8601(e.apply_start)},
      {"apply_end", format_iso8601(e.apply_end)},
      {"result_at", time_or_null(e.result_at)},
      {"purchase_start", time_or_null(e.purchase_start)},
      {"purchase_end", time_or_null(e.purchase_end)},
      {"conditions", names_of(lottery_conditions_in(e.conditions))},
      {"condition_note", e.condition_note},
      {"source_url", e.source_url.empty() ? json::value(nullptr) : json::value(e.source_url)},
  };
  if (l.distance_km) out["distance_km"] = std::round(*l.distance_km * 10) / 10;
  if (for_admin) {
    out["status"] = to_string(e.status);
    out["author_id"] = e.author_id > 0 ? json::value(e.author_id) : json::value(nullptr);  // null: demo data
    out["points_awarded"] = e.points_awarded;
    out["reject_reason"] = e.reject_reason;
    out["created_at"] = format_iso8601(e.created_at);
    out["reviewed_at"] = time_or_null(e.reviewed_at);
  }
  return out;
}

// A member that must be an array of strings (absent or null = empty).
Result<std::vector<std::string>> string_list(const json::object& body, std::string_view key) {
  std::vector<std::string> out;
  const auto* v = body.if_contains(key);
  if (!v || v->is_null()) return out;
  if (!v->is_array() || v->as_array().size() > kMaxListedNames) return bad_json();
  for (const auto& item : v->as_array()) {
    if (!item.is_string()) return bad_json();
    out.emplace_back(item.as_string());
  }
  return out;
}

Result<LotteryInput> lottery_input(std::string_view text) {
  auto body = body_object(text);
  if (!body) return std::unexpected(body.error());
  LotteryInput in;
  in.store_id = integer_member(*body, "store_id").value_or(0);
  if (const auto* p = body->if_contains("product_id"); p && !p->is_null()) {
    const auto id = integer_member(*body, "product_id");
    if (!id) return bad_json();
    in.product_id = id;
  }
  auto product_name = string_member(*body, "product_name");
  auto methods = string_list(*body, "methods");
  auto conditions = string_list(*body, "conditions");
  auto start = string_member(*body, "apply_start");
  auto end = string_member(*body, "apply_end");
  auto result = optional_string_member(*body, "result_at");
  auto buy_from = optional_string_member(*body, "purchase_start");
  auto buy_to = optional_string_member(*body, "purchase_end");
  auto note = string_member(*body, "condition_note");
  auto url = string_member(*body, "source_url");
  if (!product_name || !methods || !conditions || !start || !end || !result || !buy_from || !buy_to || !note || !url)
    return bad_json();
  in.product_name = std::move(*product_name);
  in.methods = std::move(*methods);
  in.conditions = std::move(*conditions);
  in.apply_start = std::move(*start);
  in.apply_end = std::move(*end);
  in.result_at = std::move(*result);
  in.purchase_start = std::move(*buy_from);
  in.purchase_end = std::move(*buy_to);
  in.condition_note = std::move(*note);
  in.source_url = std::move(*url);
  return in;
}

ApiResult reviewed(const Result<LotteryEntry>& entry, std::string_view message) {
  if (!entry) return std::unexpected(entry.error());
  return message_body(message, {{"lottery", {{"id", entry->id}, {"status", to_string(entry->status)}}}});
}

}  // namespace

ApiResult LotteryHandlers::get_lotteries(const ApiCall& call) const {
  const auto& q = call.query;
  auto list = lotteries_.open({.store_id = find_param(q, "store_id"),
                               .prefecture = find_param(q, "prefecture"),
                               .product_id = find_param(q, "product_id"),
                               .method = find_param(q, "method"),
                               .loose = find_param(q, "loose"),
                               .lat = find_param(q, "lat"),
                               .lng = find_param(q, "lng"),
                               .radius_km = find_param(q, "radius_km"),
                               .limit = find_param(q, "limit")});
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& l : *list) out.push_back(lottery_json(l, false));
  return data_body(std::move(out));
}

ApiResult LotteryHandlers::post_lotteries(const ApiCall& call) const {
  auto input = lottery_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto entry = lotteries_.submit(*call.user, *input);
  if (!entry) return std::unexpected(entry.error());
  const bool shown = entry->status == LotteryStatus::kApproved;
  return ApiOutput{
      Status::created,
      message_body(
          shown ? msg::kLotteryPublished : msg::kLotteryPending,
          {{"lottery",
            {{"id", entry->id}, {"status", to_string(entry->status)}, {"product_name", entry->product_name}}}})};
}

ApiResult LotteryHandlers::get_admin_lotteries(const ApiCall& call) const {
  auto page = lotteries_.for_review(find_param(call.query, "status"), find_param(call.query, "page"));
  if (!page) return std::unexpected(page.error());
  json::array rows;
  rows.reserve(page->items.size());
  for (const auto& l : page->items) rows.push_back(lottery_json(l, true));
  return data_body(std::move(rows), {{"total", page->total}});
}

ApiResult LotteryHandlers::post_admin_lottery_approve(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  return reviewed(lotteries_.approve(*call.user, *id), msg::kLotteryApproved);
}

ApiResult LotteryHandlers::post_admin_lottery_reject(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto reason = body_string_member(call.body, "reason");
  if (!reason) return std::unexpected(reason.error());
  return reviewed(lotteries_.reject(*call.user, *id, *reason), msg::kLotteryRejected);
}

ApiResult LotteryHandlers::post_admin_lottery_hide(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  return reviewed(lotteries_.hide(*call.user, *id), msg::kLotteryHidden);
}

}  // namespace pokeca::http
