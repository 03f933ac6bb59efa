#pragma once
// stores_rtree's nodes copied into memory and searched in the order SQLite's rtree
// module returns them: a bbox miss then steps no SQLite statement at all.
// SQLite's search with plain box constraints is depth first, each node's cells in
// stored order, a cell followed when its box meets the query box (every score is 0, so
// the search queue holds one point per level); search() does the same on the same
// float32 coordinates compared as doubles, hence the same ids in the same order.
// NearestCursor searches it best-first instead, for a cut list's nearest stores.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pokeca/map/store_query.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

class RtreeReplica {
 public:
  // The statements load() steps: the tree's size (one index seek), then its nodes.
  static constexpr const char* kSizeSql = "SELECT max(nodeno) FROM stores_rtree_node";
  static constexpr const char* kNodesSql = "SELECT nodeno, data FROM stores_rtree_node";
  // Every node, read by one statement (one snapshot). nullopt when the tree has more than
  // max_nodes nodes (memory stays bounded; callers search with SQL; a larger tree costs
  // the size's seek only) or a node is not as expected.
  static Result<std::optional<RtreeReplica>> load(Statement& size, Statement& nodes, std::size_t max_nodes);

  // Calls visit(id) for every entry whose box meets `box`, in SQLite's order, until
  // visit returns false.
  template <typename Visit>
  void search(const BoundingBox& box, Visit&& visit) const {
    if (!nodes_.empty()) search_node(root_, depth_, box, visit);
  }

  // search()'s ids one at a time, in the same order: for a caller that pulls them.
  class Cursor {
   public:
    Cursor(const RtreeReplica& tree, const BoundingBox& box) : tree_(tree), box_(box) {
      if (tree.nodes_.empty()) return;
      stack_.reserve(static_cast<std::size_t>(tree.depth_) + 1);
      const auto& root = tree.nodes_[tree.root_];
      stack_.push_back({root.first, root.first + root.count});
    }
    // The next id whose box meets the query box, or nullopt at the end.
    std::optional<std::int64_t> next() {
      while (!stack_.empty()) {
        auto& top = stack_.back();
        if (top.next == top.end) {
          stack_.pop_back();
          continue;
        }
        const auto& c = tree_.cells_[top.next++];
        if (!tree_.meets(c, box_)) continue;
        if (static_cast<int>(stack_.size()) - 1 == tree_.depth_) return c.ref;  // a leaf's cell
        const auto& child = tree_.nodes_[static_cast<std::size_t>(c.ref)];
        stack_.push_back({child.first, child.first + child.count});
      }
      return std::nullopt;
    }

   private:
    struct Frame {
      std::uint32_t next, end;  // the node's cells still to look at, into cells_
    };
    const RtreeReplica& tree_;
    BoundingBox box_;
    std::vector<Frame> stack_;  // from the root down
  };

  // The entries whose box meets the query box by increasing lower bound of their
  // BoxOrder key (BoxOrder::bound of the entry's box: never above the key of the stored
  // point it holds): a best-first search, a queue of cells by their box's bound. A cut
  // list's nearest `limit` come after about that many entries and the nodes around the
  // centre.
  class NearestCursor {
   public:
    struct Entry {
      std::int64_t id;
      double bound;
    };
    NearestCursor(const RtreeReplica& tree, const BoundingBox& box) : tree_(tree), box_(box), order_(box) {
      if (tree.nodes_.empty()) return;
      push_cells(tree.root_, tree.depth_);
    }
    // The next entry, or nullopt at the end.
    std::optional<Entry> next() {
      while (!queue_.empty()) {
        std::ranges::pop_heap(queue_, farther);
        const auto item = queue_.back();
        queue_.pop_back();
        const auto& c = tree_.cells_[item.cell];
        if (item.height == 0) return Entry{c.ref, item.bound};
        push_cells(static_cast<std::size_t>(c.ref), item.height - 1);
      }
      return std::nullopt;
    }

   private:
    struct Item {
      double bound;
      std::uint32_t cell;  // into cells_
      int height;          // of the node holding the cell; 0: a leaf's cell (a store)
    };
    static bool farther(const Item& a, const Item& b) { return a.bound > b.bound; }
    void push_cells(std::size_t node, int height) {
      const auto& n = tree_.nodes_[node];
      for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
        const auto& c = tree_.cells_[i];
        if (!meets(c, box_)) continue;
        queue_.push_back({order_.bound(c.min_lng, c.min_lat, c.max_lng, c.max_lat), i, height});
        std::ranges::push_heap(queue_, farther);
      }
    }
    const RtreeReplica& tree_;
    BoundingBox box_;
    BoxOrder order_;
    std::vector<Item> queue_;  // a heap, the nearest on top
  };

  [[nodiscard]] std::size_t node_count() const { return nodes_.size(); }

 private:
  struct Cell {
    std::int64_t ref;  // a store id in a leaf, else the child's index in nodes_
    float min_lng, max_lng, min_lat, max_lat;
  };
  struct Node {
    std::uint32_t first;  // into cells_
    std::uint32_t count;
  };

  static bool meets(const Cell& c, const BoundingBox& box) {
    return c.min_lng <= box.max_lng && c.max_lng >= box.min_lng && c.min_lat <= box.max_lat && c.max_lat >= box.min_lat;
  }

  template <typename Visit>
  bool search_node(std::size_t node, int height, const BoundingBox& box, Visit& visit) const {
    const auto& n = nodes_[node];
    for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
      const auto& c = cells_[i];
      if (!meets(c, box)) continue;
      if (height == 0 ? !visit(c.ref) : !search_node(static_cast<std::size_t>(c.ref), height - 1, box, visit))
        return false;
    }
    return true;
  }

  std::vector<Node> nodes_;
  std::vector<Cell> cells_;
  std::uint32_t root_ = 0;  // into nodes_
  int depth_ = 0;           // the root's height; leaves are 0
};

}  // namespace pokeca::storage
