#pragma once
// Strict integer parsing for text from outside (flags, configuration, token payloads):
// the whole text or nothing; no spaces, signs other than '-', or hex.
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>

namespace pokeca {

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
