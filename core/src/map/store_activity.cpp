#include "pokeca/map/store_activity.hpp"

namespace pokeca {

ReportActivity count_report_activity(std::span<const UnixSeconds> purchased_at) {
  ReportActivity a;
  for (const auto t : purchased_at) {
    const auto jt = japan_date_time(t);
    ++a.by_weekday[jt.weekday];
    ++a.by_hour[jt.hour];
  }
  return a;
}

}  // namespace pokeca
