#pragma once
// Adds and deletes purchase reports and follows each store's last report the way the
// repository does, so a test's copy of the stores stays what the database must hold
// (recent_cells_test, reported_lists_test).
#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "storage_fixture.hpp"

namespace pokeca::storage::testing {

class ReportTracker {
 public:
  ReportTracker(SqliteReportRepository& reports, std::vector<Store>& all) : reports_(reports), all_(all) {}

  ReportId report(StoreId id, UnixSeconds at) {
    auto stored = reports_.insert(make_report(id, at));
    EXPECT_TRUE(stored);
    if (!stored) return 0;
    reported_[stored->id] = {id, at};
    refresh(id);
    return stored->id;
  }

  void unreport(ReportId report_id) {
    const auto store = reported_.at(report_id).first;
    EXPECT_TRUE(reports_.remove(report_id).value());
    reported_.erase(report_id);
    refresh(store);
  }

 private:
  void refresh(StoreId id) {
    std::optional<UnixSeconds> last;
    for (const auto& [rid, sr] : reported_)
      if (sr.first == id && (!last || sr.second > *last)) last = sr.second;
    const auto it = std::find_if(all_.begin(), all_.end(), [&](const Store& s) { return s.id == id; });
    if (it != all_.end()) it->last_report_at = last;
  }

  SqliteReportRepository& reports_;
  std::vector<Store>& all_;
  std::map<ReportId, std::pair<StoreId, UnixSeconds>> reported_;
};

}  // namespace pokeca::storage::testing
