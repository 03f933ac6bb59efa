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
  ReportTracker(ReportRepository& reports, std::vector<Store>& all) : reports_(reports), all_(all) {}

  // A report of `kind` and `product`.
  ReportId report(StoreId id, UnixSeconds at, ReportKind kind, Product product) {
    auto r = make_report(id, at, kind);
    r.product = product;
    auto stored = reports_.insert(r);
    EXPECT_TRUE(stored);
    if (!stored) return 0;
    reported_[stored->id] = {id, at, kind, product};
    refresh(id);
    return stored->id;
  }
  // Without a kind and product, the next of a fixed cycle of nine: the products in turn,
  // and every third round sold out, so stores end with every mix of latest results.
  ReportId report(StoreId id, UnixSeconds at) {
    const auto n = cycle_++;
    const auto kind = (n / kProductCount) % 3 == 2 ? ReportKind::kSoldOut : ReportKind::kBought;
    return report(id, at, kind, kProducts[n % kProductCount]);
  }

  void unreport(ReportId report_id) {
    const auto store = reported_.at(report_id).store;
    EXPECT_TRUE(reports_.remove(report_id).value());
    reported_.erase(report_id);
    refresh(store);
  }

 private:
  struct Reported {
    StoreId store;
    UnixSeconds at;
    ReportKind kind;
    Product product;
  };

  // The latest report of all and of each product: the latest time, and at an equal time
  // the later report (ids ascend in the map).
  void refresh(StoreId id) {
    const auto it = std::find_if(all_.begin(), all_.end(), [&](const Store& s) { return s.id == id; });
    if (it == all_.end()) return;
    std::optional<LatestReport> last;
    LatestByProduct by_product{};
    for (const auto& [rid, r] : reported_) {
      if (r.store != id) continue;
      const LatestReport latest{r.at, r.kind};
      if (!last || r.at >= last->at) last = latest;
      auto& slot = by_product[product_index(r.product)];
      if (!slot || r.at >= slot->at) slot = latest;
    }
    it->last_report_at = last ? std::optional(last->at) : std::nullopt;
    it->last_report_kind = last ? std::optional(last->kind) : std::nullopt;
    it->latest_by_product = by_product;
  }

  ReportRepository& reports_;
  std::vector<Store>& all_;
  std::map<ReportId, Reported> reported_;
  std::size_t cycle_ = 0;
};

}  // namespace pokeca::storage::testing
