#pragma once
// Request targets: split path and query, percent-decode, read query parameters.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/shared/errors.hpp"

namespace pokeca::http {

inline constexpr std::size_t kMaxQueryParams = 32;

struct TargetParts {
  std::string_view path;   // raw, still percent-encoded
  std::string_view query;  // after '?', without the fragment; may be empty
};

using QueryParams = std::vector<std::pair<std::string, std::string>>;

[[nodiscard]] TargetParts split_target(std::string_view target);

// "%E6%9D%B1" → bytes. nullopt on a malformed escape. In query strings '+' means a space.
[[nodiscard]] std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space);

// Decoded name/value pairs in order. A repeated name is refused: which one would win is
// ambiguous, and a cache or proxy might pick another one than we do.
[[nodiscard]] Result<QueryParams> parse_query(std::string_view query);

[[nodiscard]] std::optional<std::string> find_param(const QueryParams& params, std::string_view name);

}  // namespace pokeca::http
