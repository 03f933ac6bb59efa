#pragma once
// A purchase report: someone bought (or found sold out) a product at a store.
#include <cstdint>
#include <optional>
#include <string>

#include "pokeca/contributions/sale_terms.hpp"
#include "pokeca/map/store.hpp"

namespace pokeca {

using ReportId = std::int64_t;
using CatalogProductId = std::int64_t;  // product_catalog.hpp's

struct PurchaseReport {
  ReportId id = 0;
  StoreId store_id = 0;
  std::optional<std::int64_t> user_id;  // none for demo data
  ReportKind kind = ReportKind::kBought;
  Product product = Product::kPack;
  // A catalogue product, whose name is copied into product_name when the report is
  // stored; nullopt for その他 (free text) and for reports made before the catalogue.
  std::optional<CatalogProductId> product_id{};
  std::string product_name;  // e.g. the set's name; may be empty
  std::string limit_note;    // 購入制限 as free text, e.g. "1人5パックまで"; may be empty
  SaleTerms terms{};         // how the store sold; every part optional
  UnixSeconds purchased_at = 0;
  UnixSeconds created_at = 0;
};

// The timeline's row: a report with the store it belongs to.
struct TimelineItem {
  PurchaseReport report;
  StoreId store_id = 0;
  std::string store_name;
  std::string prefecture;  // code
  std::string city;
};

}  // namespace pokeca
