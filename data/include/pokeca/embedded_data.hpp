#pragma once
// Data files compiled into the binary (data/*.tsv).
#include <string_view>

namespace pokeca::data {
extern const std::string_view kGazetteerTsv;
extern const std::string_view kStoreNamesTsv;
extern const std::string_view kAreaWordsTsv;
extern const std::string_view kPokemonCentersTsv;
}  // namespace pokeca::data
