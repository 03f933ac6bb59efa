// libFuzzer: request targets and query strings (split_target, percent_decode,
// parse_query, find_param), the inputs every GET reads before any handler.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/query_string.hpp"

using namespace pokeca::http;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto target = split_target(text);
  (void)percent_decode(target.path, false);
  (void)percent_decode(target.query, true);
  if (auto params = parse_query(target.query)) {
    for (const auto* name : {"bbox", "zoom", "prefecture", "lat", "lng", "limit"}) (void)find_param(*params, name);
  }
  return 0;
}
