#pragma once
// The two readers behind import_text. Each checks the whole text before the first
// record reaches the importer, so a malformed file writes nothing; a failure they
// return after that point is the repository's.
#include <string_view>

#include "pokeca/map/store_import.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca::importer {

[[nodiscard]] Result<void> import_csv(std::string_view text, StoreImporter& importer);
[[nodiscard]] Result<void> import_geojson(std::string_view text, StoreImporter& importer);

}  // namespace pokeca::importer
