#include "endpoints/catalog/product_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// A product as both lists show it; admins also see when it was made and changed.
json::object product_json(const CatalogProduct& p, bool for_admin) {
  json::object out{{"id", p.id},
                   {"name", p.name},
                   {"kind", to_string(p.kind)},
                   {"release_date", p.release_date},
                   {"official_url", p.official_url.empty() ? json::value(nullptr) : json::value(p.official_url)},
                   {"demo", p.demo}};
  if (for_admin) {
    out["listed"] = p.listed;
    out["created_at"] = format_iso8601(p.created_at);
    out["updated_at"] = format_iso8601(p.updated_at);
  }
  return out;
}

ApiResult product_list(const Result<std::vector<CatalogProduct>>& list, bool for_admin) {
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& p : *list) out.push_back(product_json(p, for_admin));
  return success_body({{"products", std::move(out)}});
}

// The body of a create or a change: every field (a change replaces them all). A member
// of the wrong JSON type is refused; a missing text reads as "" and the rules say which.
Result<CatalogProductInput> product_input(std::string_view body_text) {
  auto body = body_object(body_text);
  if (!body) return std::unexpected(body.error());
  auto name = string_member(*body, "name");
  auto kind = string_member(*body, "kind");
  auto release_date = string_member(*body, "release_date");
  auto url = string_member(*body, "official_url");
  auto listed = optional_bool_member(*body, "listed");
  if (!name || !kind || !release_date || !url || !listed) return bad_json();
  return CatalogProductInput{.name = std::move(*name),
                             .kind = std::move(*kind),
                             .release_date = std::move(*release_date),
                             .official_url = std::move(*url),
                             .listed = listed->value_or(true)};
}

}  // namespace

ApiResult ProductHandlers::get_products(const ApiCall& /*call*/) const {
  return product_list(products_.listed(), false);
}

ApiResult ProductHandlers::get_admin_products(const ApiCall& /*call*/) const {
  return product_list(products_.all(), true);
}

ApiResult ProductHandlers::post_admin_products(const ApiCall& call) const {
  auto input = product_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto product = products_.create(*call.user, *input);
  if (!product) return std::unexpected(product.error());
  return ApiOutput{Status::created, message_body(msg::kProductCreated, {{"product", product_json(*product, true)}})};
}

ApiResult ProductHandlers::put_admin_product(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto input = product_input(call.body);
  if (!input) return std::unexpected(input.error());
  auto product = products_.update(*call.user, *id, *input);
  if (!product) return std::unexpected(product.error());
  return message_body(msg::kProductUpdated, {{"product", product_json(*product, true)}});
}

ApiResult ProductHandlers::delete_admin_product(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = products_.remove(*call.user, *id); !ok) return std::unexpected(ok.error());
  return message_body(msg::kProductDeleted);
}

}  // namespace pokeca::http
