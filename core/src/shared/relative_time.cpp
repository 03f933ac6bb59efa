#include "pokeca/shared/relative_time.hpp"

#include <string>

namespace pokeca {

std::string relative_time_label(UnixSeconds elapsed) {
  if (elapsed < kMinute) return "たった今";
  if (elapsed < kHour) return std::to_string(elapsed / kMinute) + "分前";
  if (elapsed < kDay) return std::to_string(elapsed / kHour) + "時間前";
  if (elapsed < kWeek) return std::to_string(elapsed / kDay) + "日前";
  return std::to_string(elapsed / kWeek) + "週間前";
}

}  // namespace pokeca
