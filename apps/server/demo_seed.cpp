#include "demo_seed.hpp"

#include "pokeca/demo/demo_dataset.hpp"
#include "pokeca/demo/demo_lotteries.hpp"
#include "pokeca/demo/demo_sale_terms.hpp"
#include "pokeca/embedded_data.hpp"

namespace pokeca::server {

Result<std::size_t> seed_demo_if_empty(StoreRepository& stores, ReportRepository& reports, ProductRepository& products,
                                       MetaRepository& meta, const Gazetteer& gazetteer, const Clock& clock) {
  auto count = stores.count_active();
  if (!count) return std::unexpected(count.error());
  if (*count > 0) return std::size_t{0};
  auto sources = parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
  if (!sources) return std::unexpected(sources.error());
  auto dataset = generate_demo_dataset(gazetteer, *sources, kDemoSeed, kDemoStoreCount, clock.now());
  if (auto r = stores.insert_many(dataset.stores); !r) return std::unexpected(r.error());
  auto catalogue = parse_demo_products(data::kDemoProductsTsv);
  if (!catalogue) return std::unexpected(catalogue.error());
  if (auto r = products.insert_demo(*catalogue); !r) return std::unexpected(r.error());
  if (auto r = meta.set(kDemoProductsMetaKey, "1"); !r) return std::unexpected(r.error());
  auto listed = products.list(true);
  if (!listed) return std::unexpected(listed.error());
  add_demo_sale_terms(dataset.reports, *listed, kDemoSeed);
  if (auto r = reports.insert_many(dataset.reports); !r) return std::unexpected(r.error());
  if (auto r = meta.set(kDemoDataMetaKey, "1"); !r) return std::unexpected(r.error());
  return dataset.stores.size();
}

Result<std::size_t> seed_demo_products(ProductRepository& products, MetaRepository& meta) {
  auto demo = meta.get(kDemoDataMetaKey);
  if (!demo) return std::unexpected(demo.error());
  auto done = meta.get(kDemoProductsMetaKey);
  if (!done) return std::unexpected(done.error());
  if (*demo != "1" || done->has_value()) return std::size_t{0};
  auto before = products.list(false);
  if (!before) return std::unexpected(before.error());
  auto catalogue = parse_demo_products(data::kDemoProductsTsv);
  if (!catalogue) return std::unexpected(catalogue.error());
  if (auto r = products.insert_demo(*catalogue); !r) return std::unexpected(r.error());
  if (auto r = meta.set(kDemoProductsMetaKey, "1"); !r) return std::unexpected(r.error());
  return before->empty() ? catalogue->size() : 0;
}

Result<std::size_t> seed_demo_lotteries(LotteryRepository& lotteries, ProductRepository& products, MetaRepository& meta,
                                        const Gazetteer& gazetteer, const Clock& clock) {
  auto demo = meta.get(kDemoDataMetaKey);
  if (!demo) return std::unexpected(demo.error());
  auto done = meta.get(kDemoLotteriesMetaKey);
  if (!done) return std::unexpected(done.error());
  if (*demo != "1" || done->has_value()) return std::size_t{0};
  auto listed = products.list(true);
  if (!listed) return std::unexpected(listed.error());
  auto sources = parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
  if (!sources) return std::unexpected(sources.error());
  const auto now = clock.now();
  const auto dataset = generate_demo_dataset(gazetteer, *sources, kDemoSeed, kDemoStoreCount, now);
  const auto entries = generate_demo_lotteries(dataset.stores, *listed, now, kDemoSeed);
  if (auto r = lotteries.insert_demo(entries); !r) return std::unexpected(r.error());
  if (auto r = meta.set(kDemoLotteriesMetaKey, "1"); !r) return std::unexpected(r.error());
  return entries.size();
}

}  // namespace pokeca::server
