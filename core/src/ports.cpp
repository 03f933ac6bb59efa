#include "pokeca/ports.hpp"

#include <algorithm>

namespace pokeca {
namespace {

// in_bbox's list read up front; its stores are the candidates, handed out once each.
class ListedScan final : public BboxScan {
 public:
  explicit ListedScan(std::vector<Store> listed) : listed_(std::move(listed)) {}

  Result<std::optional<StoreId>> next() override {
    if (next_ == listed_.size()) return std::optional<StoreId>{};
    return std::optional(listed_[next_++].id);
  }
  Result<std::optional<Store>> read_listed(StoreId id) override {
    const auto end = listed_.begin() + static_cast<std::ptrdiff_t>(next_);
    const auto it = std::find_if(listed_.begin(), end, [id](const Store& s) { return s.id == id; });
    if (it == end) return std::optional<Store>{};
    return std::optional(std::move(*it));
  }

 private:
  std::vector<Store> listed_;
  std::size_t next_ = 0;
};

}  // namespace

Result<std::unique_ptr<BboxScan>> StoreRepository::scan_bbox(const BoundingBox& box, const StoreFilters& f, int limit) {
  auto found = in_bbox(box, f, limit);
  if (!found) return std::unexpected(found.error());
  return std::unique_ptr<BboxScan>(std::make_unique<ListedScan>(std::move(*found)));
}

}  // namespace pokeca
