#include "demo_seed.hpp"

#include "pokeca/demo_dataset.hpp"
#include "pokeca/embedded_data.hpp"

namespace pokeca::server {

Result<std::size_t> seed_demo_if_empty(StoreRepository& stores, ReportRepository& reports, MetaRepository& meta,
                                       const Gazetteer& gazetteer, const Clock& clock) {
  auto count = stores.count_active();
  if (!count) return std::unexpected(count.error());
  if (*count > 0) return std::size_t{0};
  auto sources = parse_demo_sources(data::kStoreNamesTsv, data::kAreaWordsTsv, data::kPokemonCentersTsv);
  if (!sources) return std::unexpected(sources.error());
  const auto dataset = generate_demo_dataset(gazetteer, *sources, kDemoSeed, kDemoStoreCount, clock.now());
  if (auto r = stores.insert_many(dataset.stores); !r) return std::unexpected(r.error());
  if (auto r = reports.insert_many(dataset.reports); !r) return std::unexpected(r.error());
  if (auto r = meta.set(kDemoDataMetaKey, "1"); !r) return std::unexpected(r.error());
  return dataset.stores.size();
}

}  // namespace pokeca::server
