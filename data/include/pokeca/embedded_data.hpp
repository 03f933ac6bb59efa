#pragma once
// Data files compiled into the binary (data/*.tsv, data/*.txt).
#include <string_view>

namespace pokeca::data {
extern const std::string_view kGazetteerTsv;
extern const std::string_view kStoreNamesTsv;
extern const std::string_view kAreaWordsTsv;
extern const std::string_view kPokemonCentersTsv;
extern const std::string_view kDemoProductsTsv;
extern const std::string_view kCommonPasswordsTxt;  // one a line, "#" comments
}  // namespace pokeca::data
