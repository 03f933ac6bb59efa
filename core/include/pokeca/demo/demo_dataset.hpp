#pragma once
// A deterministic demo dataset: the same seed and time give the same stores and
// reports on every machine (own PRNG and arithmetic, no <random> distributions).
#include <cstdint>
#include <string>
#include <vector>

#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/map/gazetteer.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

inline constexpr std::size_t kDemoStoreCount = 12000;
inline constexpr std::uint64_t kDemoSeed = 20251;
inline constexpr int kDemoReportDays = 7;

struct DemoNameTemplate {
  std::string store_type;
  std::string pattern;  // may hold {city} and {area}
  int weight = 1;
};

struct DemoSources {
  std::vector<DemoNameTemplate> names;
  std::vector<std::string> area_words;
  std::vector<Store> landmarks;  // real places (Pokémon Centers) added as is
};

struct DemoDataset {
  std::vector<Store> stores;            // ids 1..N
  std::vector<PurchaseReport> reports;  // store_id refers to those ids
};

// Parses data/store_names.tsv, data/area_words.tsv, data/pokemon_centers.tsv.
[[nodiscard]] Result<DemoSources> parse_demo_sources(std::string_view names_tsv, std::string_view area_words_tsv,
                                                     std::string_view landmarks_tsv);
[[nodiscard]] DemoDataset generate_demo_dataset(const Gazetteer& gazetteer, const DemoSources& sources,
                                                std::uint64_t seed, std::size_t store_count, UnixSeconds now);

}  // namespace pokeca
