#pragma once
// The demo dataset's reports with catalogue products and sale terms: deterministic like
// the rest (the same reports, catalogue and seed give the same result), drawn from their
// own random stream so that the stores and reports themselves do not change.
#include <cstdint>
#include <vector>

#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/purchase_report.hpp"

namespace pokeca {

// A report that names a set by a listed catalogue product's name gets that product's id.
// About kDemoSaleTermsShare of the reports get sale terms: a way of selling, often a
// per-person limit in the report's unit, and often a start at a round hour of Japan's
// morning on the purchase day (never after the purchase).
inline constexpr double kDemoSaleTermsShare = 0.6;
void add_demo_sale_terms(std::vector<PurchaseReport>& reports, const std::vector<CatalogProduct>& products,
                         std::uint64_t seed);

}  // namespace pokeca
