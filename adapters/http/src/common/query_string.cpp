#include "common/query_string.hpp"

#include <algorithm>

#include "common/http_messages.hpp"

namespace pokeca::http {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

TargetParts split_target(std::string_view target) {
  if (const auto hash = target.find('#'); hash != std::string_view::npos) target = target.substr(0, hash);
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {target, {}};
  return {target.substr(0, q), target.substr(q + 1)};
}

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      if (text.size() - i < 3) return std::nullopt;
      const int hi = hex_value(text[i + 1]);
      const int lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

Result<QueryParams> parse_query(std::string_view query) {
  QueryParams params;
  std::size_t start = 0;
  while (start <= query.size()) {
    auto end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const auto pair = query.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;  // "a=1&&b=2" or a trailing '&'
    const auto eq = pair.find('=');
    auto name = percent_decode(pair.substr(0, eq), true);
    auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1), true);
    if (!name || !value) return fail(ErrorCode::kBadRequest, msg::kBadQueryString);
    const bool repeated = std::any_of(params.begin(), params.end(), [&](const auto& p) { return p.first == *name; });
    if (repeated) return fail(ErrorCode::kBadRequest, msg::kRepeatedParameter);
    if (params.size() == kMaxQueryParams) return fail(ErrorCode::kBadRequest, msg::kBadQueryString);
    params.emplace_back(std::move(*name), std::move(*value));
  }
  return params;
}

std::optional<std::string> find_param(const QueryParams& params, std::string_view name) {
  for (const auto& [key, value] : params)
    if (key == name) return value;
  return std::nullopt;
}

}  // namespace pokeca::http
