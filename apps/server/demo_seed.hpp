#pragma once
// Loads the demo dataset into an empty database, once.
#include "pokeca/errors.hpp"
#include "pokeca/gazetteer.hpp"
#include "pokeca/ports.hpp"

namespace pokeca::server {

inline constexpr std::string_view kDemoDataMetaKey = "demo_data";

// Returns how many stores were loaded (0 when the database already had stores).
Result<std::size_t> seed_demo_if_empty(StoreRepository& stores, ReportRepository& reports, MetaRepository& meta,
                                       const Gazetteer& gazetteer, const Clock& clock);

}  // namespace pokeca::server
