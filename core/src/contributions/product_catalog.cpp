#include "pokeca/contributions/product_catalog.hpp"

#include <array>
#include <chrono>
#include <utility>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"
#include "pokeca/shared/shown_text.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/shared/tsv.hpp"
#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

constexpr std::array kKinds{std::pair{CatalogProductKind::kPack, std::string_view("pack")},
                            std::pair{CatalogProductKind::kBox, std::string_view("box")},
                            std::pair{CatalogProductKind::kOther, std::string_view("other")}};

std::unexpected<DomainError> bad(std::string_view message) { return fail(ErrorCode::kBadRequest, message); }

std::string with_max(std::string_view message, std::size_t max) {
  return fill_placeholder(message, "{max}", std::to_string(max));
}

Result<std::string> checked_name(std::string_view raw) {
  const auto name = trim_spaces(raw);
  if (!is_valid_utf8(name) || has_control_character(name)) return bad(msg::kAdminBadText);
  if (name.empty()) return bad(msg::kProductNameRequired);
  if (utf8_length(name) > kMaxCatalogProductNameChars)
    return bad(with_max(msg::kProductNameTooLong, kMaxCatalogProductNameChars));
  if (auto ok = check_shown_text(name, msg::kProductNameField); !ok) return std::unexpected(ok.error());
  return std::string(name);
}

// The fields an admin edits, each as the audit log names it (prefixed where a store's
// field has the same name, so the log reads unambiguously).
std::vector<FieldChange> changed_fields(const CatalogProduct& before, const CatalogProduct& after) {
  std::vector<FieldChange> out;
  const auto text = [&](std::string_view field, const std::string& a, const std::string& b) {
    if (a != b) out.push_back({std::string(field), a, b});
  };
  text("product_name", before.name, after.name);
  text("product_kind", std::string(to_string(before.kind)), std::string(to_string(after.kind)));
  text("release_date", before.release_date, after.release_date);
  text("official_url", before.official_url, after.official_url);
  if (before.listed != after.listed) out.push_back({"listed", before.listed, after.listed});
  return out;
}

// Every field of a product that appeared (before null) or went away (after null).
std::vector<FieldChange> every_field(const CatalogProduct& p, bool appeared) {
  std::vector<FieldChange> out;
  const auto add = [&](std::string_view field, AuditValue value) {
    if (appeared)
      out.push_back({std::string(field), std::monostate{}, std::move(value)});
    else
      out.push_back({std::string(field), std::move(value), std::monostate{}});
  };
  add("product_name", p.name);
  add("product_kind", std::string(to_string(p.kind)));
  add("release_date", p.release_date);
  add("official_url", p.official_url);
  add("listed", p.listed);
  return out;
}

}  // namespace

std::string_view to_string(CatalogProductKind kind) {
  for (const auto& [k, name] : kKinds)
    if (k == kind) return name;
  return "other";
}

std::optional<CatalogProductKind> catalog_product_kind_from(std::string_view text) {
  for (const auto& [k, name] : kKinds)
    if (name == text) return k;
  return std::nullopt;
}

bool is_calendar_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  const auto year = parse_integer(text.substr(0, 4));
  const auto month = parse_integer(text.substr(5, 2));
  const auto day = parse_integer(text.substr(8, 2));
  if (!year || !month || !day || *year < 1900 || *year > 2999) return false;
  const std::chrono::year_month_day date{std::chrono::year{static_cast<int>(*year)},
                                         std::chrono::month{static_cast<unsigned>(*month)},
                                         std::chrono::day{static_cast<unsigned>(*day)}};
  return *month >= 1 && *month <= 12 && *day >= 1 && date.ok();
}

bool is_web_url(std::string_view text) {
  std::string_view rest;
  if (text.starts_with("https://"))
    rest = text.substr(8);
  else if (text.starts_with("http://"))
    rest = text.substr(7);
  else
    return false;
  // A host must follow the scheme.
  if (rest.empty() || rest.front() == '/' || rest.front() == '?' || rest.front() == '#') return false;
  for (const unsigned char c : text)
    if (c <= 0x20 || c == 0x7f) return false;
  return is_valid_utf8(text);
}

Result<CatalogProduct> checked_catalog_product(const CatalogProductInput& input) {
  CatalogProduct out;
  auto name = checked_name(input.name);
  if (!name) return std::unexpected(name.error());
  out.name = std::move(*name);
  const auto kind = catalog_product_kind_from(trim_spaces(input.kind));
  if (!kind) return bad(msg::kProductBadKind);
  out.kind = *kind;
  const auto date = trim_spaces(input.release_date);
  if (!is_calendar_date(date)) return bad(msg::kProductBadReleaseDate);
  out.release_date = std::string(date);
  const auto url = trim_spaces(input.official_url);
  if (!url.empty() && (url.size() > kMaxCatalogProductUrlBytes || !is_web_url(url)))
    return bad(with_max(msg::kProductBadUrl, kMaxCatalogProductUrlBytes));
  out.official_url = std::string(url);
  out.listed = input.listed;
  return out;
}

Result<std::vector<CatalogProduct>> ProductCatalogService::listed() { return products_.list(true); }

Result<std::vector<CatalogProduct>> ProductCatalogService::all() { return products_.list(false); }

Result<CatalogProduct> ProductCatalogService::create(const User& admin, const CatalogProductInput& input) {
  auto product = checked_catalog_product(input);
  if (!product) return std::unexpected(product.error());
  product->created_at = product->updated_at = clock_.now();
  auto audit = record(admin, audit_action::kProductCreate, 0);
  audit.changes = every_field(*product, true);
  return products_.insert(*product, std::move(audit), kMaxCatalogProducts);
}

Result<CatalogProduct> ProductCatalogService::update(const User& admin, CatalogProductId id,
                                                     const CatalogProductInput& input) {
  auto edited = checked_catalog_product(input);
  if (!edited) return std::unexpected(edited.error());
  const auto now = clock_.now();
  auto updated = products_.update(id, [&](const CatalogProduct& current) -> Result<ProductChange> {
    ProductChange change{current, record(admin, audit_action::kProductUpdate, id)};
    auto& after = change.after;
    after.name = edited->name;
    after.kind = edited->kind;
    after.release_date = edited->release_date;
    after.official_url = edited->official_url;
    after.listed = edited->listed;
    after.updated_at = now;
    change.audit.changes = changed_fields(current, after);
    return change;
  });
  if (!updated) return std::unexpected(updated.error());
  if (!*updated) return fail(ErrorCode::kNotFound, msg::kProductNotFound);
  return std::move(**updated);
}

Result<void> ProductCatalogService::remove(const User& admin, CatalogProductId id) {
  auto removed = products_.remove(id, [&](const CatalogProduct& gone) {
    auto audit = record(admin, audit_action::kProductDelete, id);
    audit.changes = every_field(gone, false);
    return audit;
  });
  if (!removed) return std::unexpected(removed.error());
  if (!*removed) return fail(ErrorCode::kNotFound, msg::kProductNotFound);
  return {};
}

AuditRecord ProductCatalogService::record(const User& admin, std::string_view action, CatalogProductId id) const {
  AuditRecord audit;
  audit.at = clock_.now();
  audit.actor = admin.id;
  audit.action = std::string(action);
  audit.target = AuditTarget::kProduct;
  audit.target_id = id > 0 ? std::to_string(id) : std::string();
  return audit;
}

Result<std::vector<CatalogProduct>> parse_demo_products(std::string_view tsv) {
  auto table = parse_tsv(tsv);
  if (!table) return std::unexpected(table.error());
  auto cols = require_columns(*table, {"name", "kind", "release_date"});
  if (!cols) return std::unexpected(cols.error());
  std::vector<CatalogProduct> out;
  for (const auto& row : table->rows) {
    auto product = checked_catalog_product({.name = std::string(row[(*cols)[0]]),
                                            .kind = std::string(row[(*cols)[1]]),
                                            .release_date = std::string(row[(*cols)[2]]),
                                            .official_url = {},
                                            .listed = true});
    if (!product)
      return fail(ErrorCode::kInternal,
                  "demo_products.tsv: " + std::string(row[(*cols)[0]]) + ": " + product.error().message);
    product->demo = true;
    out.push_back(std::move(*product));
  }
  return out;
}

}  // namespace pokeca
