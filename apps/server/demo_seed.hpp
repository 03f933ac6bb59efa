#pragma once
// Loads the demo dataset into an empty database, once.
#include "pokeca/contributions/lottery.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/meta_repository.hpp"

namespace pokeca::server {

inline constexpr std::string_view kDemoDataMetaKey = "demo_data";
inline constexpr std::string_view kDemoProductsMetaKey = "demo_products";
inline constexpr std::string_view kDemoLotteriesMetaKey = "demo_lotteries";

// Returns how many stores were loaded (0 when the database already had stores). The demo
// catalogue comes in with the stores (kDemoProductsMetaKey set), so that the reports can
// name its products; the reports carry sale terms (demo_sale_terms.hpp).
Result<std::size_t> seed_demo_if_empty(StoreRepository& stores, ReportRepository& reports, ProductRepository& products,
                                       MetaRepository& meta, const Gazetteer& gazetteer, const Clock& clock);

// On a demo database (kDemoDataMetaKey set), adds the demo catalogue once: to an empty
// catalogue, including a demo database made before the catalogue existed. Returns how
// many products were added.
Result<std::size_t> seed_demo_products(ProductRepository& products, MetaRepository& meta);

// On a demo database, adds the demo dataset's lottery entries once (around the time of
// this start), at the demo stores (made again from the same seed: the same ids) for the
// demo catalogue's listed products. Returns how many were added.
Result<std::size_t> seed_demo_lotteries(LotteryRepository& lotteries, ProductRepository& products, MetaRepository& meta,
                                        const Gazetteer& gazetteer, const Clock& clock);

}  // namespace pokeca::server
