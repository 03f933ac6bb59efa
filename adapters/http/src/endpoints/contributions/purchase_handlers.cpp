#include "endpoints/contributions/purchase_handlers.hpp"

#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

Result<PurchaseReportInput> purchase_input(std::string_view body_text) {
  auto body = body_object(body_text);
  if (!body) return std::unexpected(body.error());
  PurchaseReportInput in;
  // A missing or non-integer id reads as 0, which the rules refuse by name.
  in.store_id = integer_member(*body, "store_id").value_or(0);
  for (auto [key, field] : {std::pair{"kind", &in.kind}, std::pair{"product", &in.product},
                            std::pair{"product_name", &in.product_name}, std::pair{"limit_note", &in.limit_note}}) {
    auto value = string_member(*body, key);
    if (!value) return std::unexpected(value.error());
    *field = std::move(*value);
  }
  auto at = optional_string_member(*body, "purchased_at");
  if (!at) return std::unexpected(at.error());
  in.purchased_at = std::move(*at);
  // A product id of another type is malformed; null or absent is その他.
  if (const auto* p = body->if_contains("product_id"); p && !p->is_null()) {
    in.product_id = integer_member(*body, "product_id");
    if (!in.product_id) return bad_json();
  }
  for (auto [key, field] : {std::pair{"sale_method", &in.sale_method}, std::pair{"limit_unit", &in.limit_unit}}) {
    auto value = string_member(*body, key);
    if (!value) return std::unexpected(value.error());
    *field = std::move(*value);
  }
  // A count that is not an integer reads as 0, which the rules refuse with the range.
  if (const auto* p = body->if_contains("limit_count"); p && !p->is_null())
    in.limit_count = integer_member(*body, "limit_count").value_or(0);
  auto started = optional_string_member(*body, "sales_started_at");
  if (!started) return std::unexpected(started.error());
  in.sales_started_at = std::move(*started);
  return in;
}

}  // namespace

ApiResult PurchaseHandlers::post_purchases(const ApiCall& call) const {
  auto input = purchase_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto report = purchases_.report(*call.user, *input);
  if (!report) return std::unexpected(report.error());
  return ApiOutput{Status::created, message_body(msg::kPurchaseReported, {{"report", report_json(*report)}})};
}

}  // namespace pokeca::http
