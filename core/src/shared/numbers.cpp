#include "pokeca/shared/numbers.hpp"

#include <algorithm>

namespace pokeca {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<double> parse_decimal(std::string_view s) {
  if (s.empty() || s.size() > kMaxDecimalChars) return std::nullopt;
  std::string_view body = s.front() == '-' ? s.substr(1) : s;
  const auto dot = body.find('.');
  const auto whole = body.substr(0, dot);
  const auto frac = dot == std::string_view::npos ? std::string_view{} : body.substr(dot + 1);
  if (!all_digits(whole) || (dot != std::string_view::npos && !all_digits(frac))) return std::nullopt;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<long long> parse_integer(std::string_view s) {
  if (s.empty() || s.size() > kMaxIntegerChars) return std::nullopt;
  if (!all_digits(s.front() == '-' ? s.substr(1) : s)) return std::nullopt;
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace pokeca
