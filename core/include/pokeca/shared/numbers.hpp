#pragma once
// Strict number parsing for text from outside (query parameters, flags, configuration,
// token payloads, imported files): the whole text or nothing; no spaces, signs other
// than '-', hex, exponents, inf or nan.
#include <charconv>
#include <cstddef>
#include <optional>
#include <string_view>
#include <system_error>

namespace pokeca {

// Longer texts are refused before parsing (no real coordinate or count needs more).
inline constexpr std::size_t kMaxDecimalChars = 32;
// At most 18 digits (with the '-'), so the value always fits a long long.
inline constexpr std::size_t kMaxIntegerChars = 18;

// Optional '-', digits, optionally '.' and digits ("35.68", "-0.5"; not ".5", "5.", "1e3").
[[nodiscard]] std::optional<double> parse_decimal(std::string_view text);
// Optional '-' and digits.
[[nodiscard]] std::optional<long long> parse_integer(std::string_view text);

// The whole text as an integer of type T in [min, max]; nullopt otherwise.
template <typename T>
[[nodiscard]] std::optional<T> parse_integer_in(std::string_view text, T min, T max) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value < min || value > max)
    return std::nullopt;
  return value;
}

}  // namespace pokeca
