#pragma once
// The product catalogue: the card products a report or a lottery entry can name
// (expansion packs, high-class packs, starter decks, special boxes …), kept by admins.
// Every admin write goes through ProductRepository with its audit row in one transaction.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/admin/admin.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using CatalogProductId = std::int64_t;

// What a buyer takes home: loose packs, a sealed box, or anything else (decks, sets,
// special boxes, supplies).
enum class CatalogProductKind { kPack, kBox, kOther };
[[nodiscard]] std::string_view to_string(CatalogProductKind kind);
[[nodiscard]] std::optional<CatalogProductKind> catalog_product_kind_from(std::string_view text);

inline constexpr std::size_t kMaxCatalogProductNameChars = 80;
inline constexpr std::size_t kMaxCatalogProductUrlBytes = 300;
// The catalogue is a short list people pick from; an admin cannot grow it past this.
inline constexpr std::size_t kMaxCatalogProducts = 500;

struct CatalogProduct {
  CatalogProductId id = 0;
  std::string name;  // Japanese, as the box says
  CatalogProductKind kind = CatalogProductKind::kPack;
  std::string release_date;  // YYYY-MM-DD, Japan's calendar
  std::string official_url;  // http(s), may be empty
  bool listed = true;        // false: kept for old reports, not offered for new ones
  bool demo = false;         // part of the demo dataset, labelled as such
  UnixSeconds created_at = 0;
  UnixSeconds updated_at = 0;
};

// What an admin sends to create or change a product (every field; PUT replaces).
struct CatalogProductInput {
  std::string name;
  std::string kind;
  std::string release_date;
  std::string official_url;
  bool listed = true;
};

// The input checked and normalised (trimmed), or kBadRequest with the field's message.
[[nodiscard]] Result<CatalogProduct> checked_catalog_product(const CatalogProductInput& input);
// "YYYY-MM-DD" naming a real day (1900–2999).
[[nodiscard]] bool is_calendar_date(std::string_view text);
// An absolute http or https URL without spaces or control characters.
[[nodiscard]] bool is_web_url(std::string_view text);

struct ProductChange {
  CatalogProduct after;
  AuditRecord audit;
};
using ProductDecision = std::function<Result<ProductChange>(const CatalogProduct& current)>;

class ProductRepository {
 public:
  virtual ~ProductRepository() = default;

  // Newest release first (then newest id); `listed_only` leaves out unlisted products.
  virtual Result<std::vector<CatalogProduct>> list(bool listed_only) = 0;
  virtual Result<std::optional<CatalogProduct>> find(CatalogProductId id) = 0;
  // Inserts with its audit row (the audit's target_id is filled with the new id);
  // kConflict when the catalogue already holds `max_products` or a product of that name.
  virtual Result<CatalogProduct> insert(const CatalogProduct& product, AuditRecord audit, std::size_t max_products) = 0;
  // Calls `decide` inside the write transaction with the current row (two admins at once
  // cannot both change a stale copy), then writes the editable fields of its `after` and
  // its audit row; nullopt without the product, kConflict when another product has that name.
  virtual Result<std::optional<CatalogProduct>> update(CatalogProductId id, const ProductDecision& decide) = 0;
  // Deletes with the audit row made from the deleted product; false without the product,
  // kConflict while a lottery entry names it.
  virtual Result<bool> remove(CatalogProductId id, const std::function<AuditRecord(const CatalogProduct&)>& audit) = 0;
  // Adds the demo catalogue to an empty catalogue (no audit: nobody did it).
  virtual Result<void> insert_demo(const std::vector<CatalogProduct>& products) = 0;
};

class ProductCatalogService {
 public:
  ProductCatalogService(ProductRepository& products, const Clock& clock) : products_(products), clock_(clock) {}

  // What the public sees: listed products.
  Result<std::vector<CatalogProduct>> listed();
  // The admin console: every product.
  Result<std::vector<CatalogProduct>> all();
  Result<CatalogProduct> create(const User& admin, const CatalogProductInput& input);
  Result<CatalogProduct> update(const User& admin, CatalogProductId id, const CatalogProductInput& input);
  Result<void> remove(const User& admin, CatalogProductId id);

 private:
  AuditRecord record(const User& admin, std::string_view action, CatalogProductId id) const;

  ProductRepository& products_;
  const Clock& clock_;
};

// The demo catalogue (data/demo_products.tsv: name, kind, release date), marked demo.
[[nodiscard]] Result<std::vector<CatalogProduct>> parse_demo_products(std::string_view tsv);

}  // namespace pokeca
