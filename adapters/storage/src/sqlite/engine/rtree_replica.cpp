#include "engine/rtree_replica.hpp"

#include <bit>
#include <string_view>
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

std::uint64_t big_endian(std::string_view bytes) {
  std::uint64_t v = 0;
  for (const char c : bytes) v = (v << 8) | static_cast<unsigned char>(c);
  return v;
}

// The float32 at `at` in `bytes`.
float big_endian_float(std::string_view bytes, std::size_t at) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(big_endian(bytes.substr(at, 4))));
}

}  // namespace

Result<std::optional<RtreeReplica>> RtreeReplica::load(Statement& size, Statement& nodes, std::size_t max_nodes) {
  std::optional<RtreeReplica> none;
  // Node numbers are allocated upwards, so the largest bounds the count.
  std::int64_t largest = 0;
  auto sized = size.each([&](const Row& row) { largest = row.optional_int64(0).value_or(0); });
  if (!sized) return std::unexpected(sized.error());
  if (largest > static_cast<std::int64_t>(max_nodes)) return none;

  // Each node's cells decoded as it is read (nodes_ in read order, child refs still node
  // numbers); its number kept beside it.
  RtreeReplica replica;
  std::vector<std::int64_t> numbers;
  bool too_many = false;  // the tree grew since its size was read
  bool malformed = false;
  std::optional<std::uint32_t> root;
  auto ok = nodes.each([&](const Row& row) {
    if (numbers.size() == max_nodes) {
      too_many = true;
      return false;
    }
    const auto data = row.blob(1);
    const auto count = data.size() >= kNodeHeaderBytes ? big_endian(data.substr(2, 2)) : 0;
    malformed = data.size() < kNodeHeaderBytes + count * kCellBytes;  // also shorter than a header
    if (malformed) return false;
    const auto nodeno = row.int64(0);
    if (nodeno == kRootNode) {
      root = static_cast<std::uint32_t>(numbers.size());
      replica.depth_ = static_cast<int>(big_endian(data.substr(0, 2)));
    }
    numbers.push_back(nodeno);
    replica.nodes_.push_back({static_cast<std::uint32_t>(replica.cells_.size()), static_cast<std::uint32_t>(count)});
    for (std::size_t i = 0; i < count; ++i) {
      const auto cell = data.substr(kNodeHeaderBytes + i * kCellBytes, kCellBytes);
      replica.cells_.push_back({static_cast<std::int64_t>(big_endian(cell.substr(0, 8))), big_endian_float(cell, 8),
                                big_endian_float(cell, 12), big_endian_float(cell, 16), big_endian_float(cell, 20)});
    }
    return true;
  });
  if (!ok) return std::unexpected(ok.error());
  if (too_many || malformed || !root) return none;
  replica.root_ = *root;
  if (replica.depth_ > kMaxDepth) return none;

  // Child node numbers to indices, checking that every inner cell names a node one
  // level down that no other cell names: the search then visits each node once.
  std::unordered_map<std::int64_t, std::uint32_t> index;
  index.reserve(numbers.size());
  for (std::uint32_t i = 0; i < numbers.size(); ++i) index.emplace(numbers[i], i);
  std::vector<int> height(numbers.size(), -1);
  height[replica.root_] = replica.depth_;
  std::vector<std::uint32_t> pending{replica.root_};
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
