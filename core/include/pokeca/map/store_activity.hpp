#pragma once
// "When are things bought here": a store's purchase reports of the
// last kActivityDays days counted by weekday and hour in Japan time.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

inline constexpr int kActivityDays = 30;
inline constexpr UnixSeconds kActivityWindowSeconds = kActivityDays * 24 * 3600;

struct ReportActivity {
  int days = kActivityDays;
  std::array<std::int64_t, 7> by_weekday{};  // 0 = Sunday … 6 = Saturday
  std::array<std::int64_t, 24> by_hour{};    // 0–23
};

class StoreActivityRepository {
 public:
  virtual ~StoreActivityRepository() = default;
  // purchased_at of the store's reports (both kinds) at or after `since`.
  virtual Result<std::vector<UnixSeconds>> report_times(StoreId store, UnixSeconds since) = 0;
};

[[nodiscard]] ReportActivity count_report_activity(std::span<const UnixSeconds> purchased_at);

}  // namespace pokeca
