#include "pokeca/shared/tsv.hpp"

#include <string>

namespace pokeca {
namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const auto tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

}  // namespace

std::optional<std::size_t> TsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  return std::nullopt;
}

Result<TsvTable> parse_tsv(std::string_view text) {
  TsvTable table;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    auto fields = split_tabs(line);
    if (table.header.empty()) {
      table.header = std::move(fields);
    } else if (fields.size() != table.header.size()) {
      return fail(ErrorCode::kBadRequest, "TSVの列数が一致しません（" + std::to_string(line_no) + "行目）");
    } else {
      table.rows.push_back(std::move(fields));
    }
  }
  if (table.header.empty()) return fail(ErrorCode::kBadRequest, "TSVが空です");
  return table;
}

Result<std::vector<std::size_t>> require_columns(const TsvTable& table, std::initializer_list<std::string_view> names) {
  std::vector<std::size_t> out;
  for (auto name : names) {
    auto idx = table.column(name);
    if (!idx) return fail(ErrorCode::kBadRequest, "TSVに列がありません: " + std::string(name));
    out.push_back(*idx);
  }
  return out;
}

}  // namespace pokeca
