#pragma once
// Reading the tab-separated data files: a header line, then one record a line.
#include <optional>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

struct TsvTable {
  std::vector<std::string_view> header;
  std::vector<std::vector<std::string_view>> rows;  // views into the source text

  // Index of a named column, or nullopt.
  [[nodiscard]] std::optional<std::size_t> column(std::string_view name) const;
};

// Every row must have the header's field count; blank lines are skipped; CRLF is accepted.
[[nodiscard]] Result<TsvTable> parse_tsv(std::string_view text);
// Columns that must all be present, in any order; returns their indexes.
[[nodiscard]] Result<std::vector<std::size_t>> require_columns(const TsvTable& table,
                                                               std::initializer_list<std::string_view> names);

}  // namespace pokeca
