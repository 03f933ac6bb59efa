#pragma once
// Time as Unix seconds (UTC) and the ISO 8601 form the API uses.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pokeca {

using UnixSeconds = std::int64_t;

class Clock {
 public:
  virtual ~Clock() = default;
  [[nodiscard]] virtual UnixSeconds now() const = 0;
};

// "2026-11-21T05:30:00Z"
[[nodiscard]] std::string format_iso8601(UnixSeconds t);
// Accepts "YYYY-MM-DDTHH:MM:SS" with "Z" or "+09:00"-style offsets, optional fraction.
[[nodiscard]] std::optional<UnixSeconds> parse_iso8601(std::string_view text);

}  // namespace pokeca
