#include "rtree_replica.hpp"

#include <bit>
#include <unordered_map>

namespace pokeca::storage {
namespace {

// SQLite's rtree node: a 2-byte depth (meaningful in the root, node 1), a 2-byte cell
// count, then cells of an 8-byte id and 4 float32 coordinates, all big-endian.
constexpr std::int64_t kRootNode = 1;
constexpr std::size_t kNodeHeaderBytes = 4;
constexpr std::size_t kCellBytes = 8 + 4 * 4;  // id, min/max lng, min/max lat
// SQLite's own limit (RTREE_MAX_DEPTH): a deeper tree is taken as malformed.
constexpr int kMaxDepth = 40;

std::uint64_t big_endian(const char* p, std::size_t bytes) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

float big_endian_float(const char* p) { return std::bit_cast<float>(static_cast<std::uint32_t>(big_endian(p, 4))); }

}  // namespace

Result<std::optional<RtreeReplica>> RtreeReplica::load(Statement& size, Statement& nodes, std::size_t max_nodes) {
  std::optional<RtreeReplica> none;
  // Node numbers are allocated upwards, so the largest bounds the count.
  std::int64_t largest = 0;
  auto sized = size.each([&](const Row& row) { largest = row.optional_int64(0).value_or(0); });
  if (!sized) return std::unexpected(sized.error());
  if (largest > static_cast<std::int64_t>(max_nodes)) return none;

  struct Raw {
    std::int64_t nodeno;
    std::string data;
  };
  std::vector<Raw> raw;
  bool too_many = false;  // the tree grew since its size was read
  auto ok = nodes.each([&](const Row& row) {
    if (raw.size() == max_nodes) {
      too_many = true;
      return false;
    }
    raw.push_back({row.int64(0), std::string(row.blob(1))});
    return true;
  });
  if (!ok) return std::unexpected(ok.error());
  if (too_many) return none;

  // Node numbers to indices, the root first.
  std::unordered_map<std::int64_t, std::uint32_t> index;
  index.reserve(raw.size());
  for (const auto& r : raw)
    if (r.nodeno == kRootNode) index.emplace(r.nodeno, 0);
  if (index.empty()) return none;
  for (const auto& r : raw)
    if (r.nodeno != kRootNode) index.emplace(r.nodeno, static_cast<std::uint32_t>(index.size()));

  RtreeReplica replica;
  replica.nodes_.resize(index.size());
  std::vector<int> height(index.size(), -1);
  for (const auto& r : raw) {
    if (r.data.size() < kNodeHeaderBytes) return none;
    const auto count = static_cast<std::size_t>(big_endian(r.data.data() + 2, 2));
    if (kNodeHeaderBytes + count * kCellBytes > r.data.size()) return none;
    auto& node = replica.nodes_[index.at(r.nodeno)];
    node.first = static_cast<std::uint32_t>(replica.cells_.size());
    node.count = static_cast<std::uint32_t>(count);
    for (std::size_t i = 0; i < count; ++i) {
      const char* p = r.data.data() + kNodeHeaderBytes + i * kCellBytes;
      replica.cells_.push_back({static_cast<std::int64_t>(big_endian(p, 8)), big_endian_float(p + 8),
                                big_endian_float(p + 12), big_endian_float(p + 16), big_endian_float(p + 20)});
    }
    if (r.nodeno == kRootNode) replica.depth_ = static_cast<int>(big_endian(r.data.data(), 2));
  }
  if (replica.depth_ > kMaxDepth) return none;

  // Child node numbers to indices, checking that every inner cell names a node one
  // level down that no other cell names: the search then visits each node once.
  height[0] = replica.depth_;
  std::vector<std::uint32_t> pending{0};
  while (!pending.empty()) {
    const auto at = pending.back();
    pending.pop_back();
    if (height[at] == 0) continue;
    const auto& node = replica.nodes_[at];
    for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
      auto& cell = replica.cells_[i];
      const auto child = index.find(cell.ref);
      if (child == index.end() || height[child->second] != -1) return none;
      height[child->second] = height[at] - 1;
      cell.ref = child->second;
      pending.push_back(child->second);
    }
  }
  return std::optional<RtreeReplica>(std::move(replica));
}

}  // namespace pokeca::storage
