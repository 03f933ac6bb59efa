#pragma once
// SPEC.md §9 relative time labels: たった今, N分前, N時間前, N日前, N週間前.
#include <string>

#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr UnixSeconds kMinute = 60;
inline constexpr UnixSeconds kHour = 60 * kMinute;
inline constexpr UnixSeconds kDay = 24 * kHour;
inline constexpr UnixSeconds kWeek = 7 * kDay;

// elapsed = now - then; negative (clock skew) counts as たった今.
[[nodiscard]] std::string relative_time_label(UnixSeconds elapsed);

}  // namespace pokeca
