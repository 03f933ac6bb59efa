#include "pokeca/map/store_ports.hpp"

#include <algorithm>

namespace pokeca {
namespace {

// in_bbox's list read up front; its stores are the candidates, handed out once each by
// next(), again by next_nearest() (that list holds the nearest when it was cut).
class ListedScan final : public BboxScan {
 public:
  ListedScan(std::vector<Store> listed, const BoundingBox& box) : listed_(std::move(listed)), box_(box) {}

  Result<std::optional<StoreId>> next() override {
    if (next_ == listed_.size()) return std::optional<StoreId>{};
    return std::optional(listed_[next_++].id);
  }
  Result<std::optional<Store>> read_listed(StoreId id) override {
    const auto it = std::ranges::find_if(listed_, [id](const Store& s) { return s.id == id; });
    if (it == listed_.end()) return std::optional<Store>{};
    return std::optional(*it);
  }
  Result<std::optional<Nearer>> next_nearest(std::size_t) override {
    if (nearest_.empty() && next_nearest_ == 0) {
      const BoxOrder order(box_);
      for (const auto& s : listed_) nearest_.push_back({s.id, order.key(s.location)});
      std::ranges::sort(
          nearest_, [](const Nearer& a, const Nearer& b) { return BoxOrder::before(a.bound, a.id, b.bound, b.id); });
    }
    if (next_nearest_ == nearest_.size()) return std::optional<Nearer>{};
    return std::optional(nearest_[next_nearest_++]);
  }

 private:
  std::vector<Store> listed_;
  BoundingBox box_;
  std::size_t next_ = 0;
  std::vector<Nearer> nearest_;
  std::size_t next_nearest_ = 0;
};

}  // namespace

Result<std::unique_ptr<BboxScan>> StoreRepository::scan_bbox(const BoundingBox& box, const StoreFilters& f, int limit) {
  auto found = in_bbox(box, f, limit);
  if (!found) return std::unexpected(found.error());
  return std::unique_ptr<BboxScan>(std::make_unique<ListedScan>(std::move(*found), box));
}

}  // namespace pokeca
