// SqliteStoreRepository: construction and the list queries (prefecture, box, nearest,
// find, counts). Cells are in sqlite_store_repository_cells.cpp, writes in
// sqlite_store_repository_writes.cpp.
#include <algorithm>
#include <limits>
#include <optional>

#include "engine/rtree_replica.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/store_statements.hpp"

namespace pokeca::storage {
namespace {

void bind_box(Statement& st, const BoundingBox& box) {
  st.bind_real(":min_lng", box.min_lng)
      .bind_real(":min_lat", box.min_lat)
      .bind_real(":max_lng", box.max_lng)
      .bind_real(":max_lat", box.max_lat);
}

Result<std::vector<Store>> read_stores(Statement& st, int limit) {
  std::vector<Store> out;
  out.reserve(static_cast<std::size_t>(limit));
  auto ok = st.each([&](const Row& row) -> Result<void> {
    auto store = read_store(row);
    if (!store) return std::unexpected(store.error());
    out.push_back(std::move(*store));
    return {};
  });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

Result<std::optional<Store>> find_with(Statement& find, StoreId id) {
  find.bind_int(":id", id);
  auto found = read_stores(find, 1);
  if (!found) return std::unexpected(found.error());
  if (found->empty()) return std::optional<Store>{};
  return std::optional<Store>(std::move(found->front()));
}

struct Candidate {
  double distance_km;
  StoreId id;
};

// Matching stores within ring_km of centre, by distance.
Result<std::vector<Candidate>> within(Statement& located, LatLng centre, double ring_km, const StoreFilters& f) {
  std::vector<Candidate> out;
  bind_box(located, bbox_around(centre, ring_km));
  bind_filters(located, f);
  auto ok = located.each([&](const Row& row) {
    const double d = haversine_km(centre, {row.real(1), row.real(2)});
    if (d <= ring_km) out.push_back({d, row.int64(0)});
  });
  if (!ok) return std::unexpected(ok.error());
  return out;
}

// A listed store and its BoxOrder key.
struct Keyed {
  double key;
  StoreId id;
};

// The nearest `wanted` listed stores of `box` in BoxOrder, in that order, with their keys,
// for a cut list; run it in one snapshot. Squares around the box's centre (on BoxOrder's
// scaled plane), clipped to the box, double until `wanted` listed stores lie within the
// square's inscribed circle, or the square holds the box: every store outside a square is
// farther than that circle, so the nearest `wanted` are among those read.
Result<std::vector<Keyed>> nearest_in_box(SqliteStoreRepository::Statements& st, const BoundingBox& box,
                                          const StoreFilters& f, std::size_t wanted) {
  // With "reported since", the reported stores' R*Tree (a subset holding every match).
  auto& located = f.reported_since ? st.located_reported_in_bbox : st.located_in_bbox;
  const BoxOrder order(box);
  const auto c = order.centre();
  const double scale = order.lng_scale();
  const double whole = std::max((box.max_lat - box.min_lat) / 2, (box.max_lng - box.min_lng) / 2 * scale);
  double half = whole / kBoxOrderFirstSquareDivisor;
  std::vector<Keyed> found;
  for (;;) {
    const bool all = !(half < whole) || !(scale > 0);
    const BoundingBox square =
        all ? box
            : BoundingBox{std::max(box.min_lng, c.lng - half / scale), std::max(box.min_lat, c.lat - half),
                          std::min(box.max_lng, c.lng + half / scale), std::min(box.max_lat, c.lat + half)};
    // A store outside the square is at least `half` away; the margin covers the rounding
    // of the square's edges and of the keys.
    const double sure = half - kBoxOrderMarginDeg;
    const double sure_key = sure > 0 ? sure * sure : -1;
    std::size_t within = 0;
    found.clear();
    bind_box(located, square);
    bind_filters(located, f);
    auto ok = located.each([&](const Row& row) {
      const double key = order.key({row.real(1), row.real(2)});
      found.push_back({key, row.int64(0)});
      if (key < sure_key) ++within;
    });
    if (!ok) return std::unexpected(ok.error());
    if (all || within >= wanted) break;
    half *= 2;
  }
  const auto keep = std::min(wanted, found.size());
  std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(keep), found.end(),
                    [](const Keyed& a, const Keyed& b) { return BoxOrder::before(a.key, a.id, b.key, b.id); });
  found.resize(keep);
  return found;
}

}  // namespace

SqliteStoreRepository::SqliteStoreRepository(Database& db, std::size_t rtree_replica_max_nodes,
                                             std::chrono::steady_clock::duration rtree_replica_max_age)
    : db_(db),
      statements_(db, "stores"),
      rtree_replica_max_nodes_(rtree_replica_max_nodes),
      rtree_replica_max_age_(rtree_replica_max_age) {}
SqliteStoreRepository::~SqliteStoreRepository() = default;

Result<std::vector<Store>> SqliteStoreRepository::in_prefecture(std::string_view code, const StoreFilters& f,
                                                                int limit) {
  if (limit <= 0) return std::vector<Store>{};
  return statements_.with([&](Statements& st) {
    // With the filter, only reported stores can match: migration 009's index holds
    // them in the list's order (same answer, far fewer rows to look at).
    auto& list = f.reported_since ? st.in_prefecture_reported : st.in_prefecture;
    list.bind_text(":prefecture", code).bind_int(":limit", limit);
    bind_filters(list, f);
    return read_stores(list, limit);
  });
}

Result<std::vector<Store>> SqliteStoreRepository::in_bbox(const BoundingBox& box, const StoreFilters& f, int limit) {
  using Out = Result<std::vector<Store>>;
  if (limit <= 0) return std::vector<Store>{};
  const auto wanted = static_cast<std::size_t>(limit);
  return statements_.with([&](Statements& st) -> Out {
    if (lottery_filtered(f)) {
      // Every listed store, from the open entries' few stores; cut in BoxOrder.
      bind_box(st.lottery_in_bbox, box);
      bind_filters(st.lottery_in_bbox, f);
      auto found = read_stores(st.lottery_in_bbox, 0);
      if (found && found->size() > wanted) {
        sort_by_box_order(*found, box);
        found->resize(wanted);
      }
      return found;
    }
    // One more than the limit, in the R*Tree's order: at most `limit` is the whole set.
    const int ask = limit < std::numeric_limits<int>::max() ? limit + 1 : limit;
    bind_box(st.in_bbox, box);
    bind_filters(st.in_bbox, f);
    st.in_bbox.bind_int(":limit", ask);
    auto found = read_stores(st.in_bbox, ask);
    if (!found || found->size() <= wanted) return found;
    // Cut: the nearest `limit` in BoxOrder, found and read in one snapshot.
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    auto nearest = nearest_in_box(st, box, f, wanted);
    if (!nearest) return std::unexpected(nearest.error());
    std::vector<Store> out;
    out.reserve(nearest->size());
    for (const auto& k : *nearest) {
      auto store = find_with(st.find, k.id);
      if (!store) return std::unexpected(store.error());
      if (*store) out.push_back(std::move(**store));
    }
    return out;
  });
}

std::shared_ptr<const RtreeReplica> SqliteStoreRepository::current_rtree_replica(Statements& st) {
  // Read before the nodes' snapshot begins: a commit acknowledged since moved it on
  // (Database::stores_rtree_generation), so a copy kept under it holds every such commit.
  const auto generation = db_.stores_rtree_generation();
  const auto now = std::chrono::steady_clock::now();
  {
    const std::lock_guard lock(rtree_replica_mutex_);
    if (rtree_replica_generation_ == generation && now - rtree_replica_read_at_ < rtree_replica_max_age_)
      return rtree_replica_;
    if (rtree_replica_loading_) return nullptr;  // the SQL search meanwhile
    rtree_replica_loading_ = true;
  }
  // Whatever happens below (an exception included), the next stale miss may read it.
  struct Loaded {
    SqliteStoreRepository& repo;
    ~Loaded() {
      const std::lock_guard lock(repo.rtree_replica_mutex_);
      repo.rtree_replica_loading_ = false;
    }
  } loaded_guard{*this};
  auto loaded = RtreeReplica::load(st.rtree_size, st.rtree_nodes, rtree_replica_max_nodes_);
  std::shared_ptr<const RtreeReplica> replica;
  if (loaded && *loaded) replica = std::make_shared<const RtreeReplica>(std::move(**loaded));
  const std::lock_guard lock(rtree_replica_mutex_);
  if (!loaded || db_.stores_rtree_generation() != generation) return nullptr;  // read again next time
  rtree_replica_ = replica;
  rtree_replica_generation_ = generation;
  rtree_replica_read_at_ = now;
  return replica;
}

// The candidates from the tree's copy, or, without one, by SQL in one snapshot without a
// BEGIN and ROLLBACK of its own (two statements a miss): every store is read while
// ids_in_rtree is still stepping, and SQLite keeps a connection's read transaction open
// until its last active statement is reset. The R*Tree alone, with in_bbox's box
// constraints: the same traversal and so the same order. Searching the copy, the stores
// read by id are read in one snapshot, begun at the first.
class SqliteStoreRepository::Scan final : public BboxScan {
 public:
  Scan(PerConnection<Statements>::Held held, std::shared_ptr<const RtreeReplica> replica, const BoundingBox& box,
       const StoreFilters& f, bool empty)
      : held_(std::move(held)), st_(held_.item), replica_(std::move(replica)), box_(box), filters_(f), empty_(empty) {
    if (empty) return;
    if (replica_) {
      cursor_.emplace(*replica_, box_);
    } else {
      bind_box(st_.ids_in_rtree, box_);
      sql_ids_.emplace(st_.ids_in_rtree);
    }
  }
  ~Scan() override = default;  // the statement reset, then the snapshot, then the lease
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;

  Result<std::optional<StoreId>> next() override {
    if (cursor_) return cursor_->next();
    if (!sql_ids_) return std::optional<StoreId>{};
    auto row = sql_ids_->next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return std::optional<StoreId>{};
    return std::optional<StoreId>((*row)->int64(0));
  }

  Result<std::optional<Nearer>> next_nearest(std::size_t wanted) override {
    if (empty_) return std::optional<Nearer>{};
    if (replica_) {
      if (!nearest_cursor_) nearest_cursor_.emplace(*replica_, box_);
      const auto entry = nearest_cursor_->next();
      if (!entry) return std::optional<Nearer>{};
      return std::optional<Nearer>(Nearer{entry->id, entry->bound});
    }
    if (!sql_nearest_) {
      // The nearest stores by SQL (exact: their bound is their key), in a snapshot of their
      // own that the reads by id share.
      sql_ids_.reset();
      if (!snapshot_) {
        auto begun = Transaction::begin(st_.conn, TransactionMode::kRead);
        if (!begun) return std::unexpected(begun.error());
        snapshot_.emplace(std::move(*begun));
      }
      auto found = nearest_in_box(st_, box_, filters_, wanted);
      if (!found) return std::unexpected(found.error());
      sql_nearest_ = std::move(*found);
    }
    if (sql_nearest_next_ == sql_nearest_->size()) return std::optional<Nearer>{};
    const auto& k = (*sql_nearest_)[sql_nearest_next_++];
    return std::optional<Nearer>(Nearer{k.id, k.key});
  }

  Result<std::optional<Store>> read_listed(StoreId id) override {
    if (cursor_ && !snapshot_) {
      auto begun = Transaction::begin(st_.conn, TransactionMode::kRead);
      if (!begun) return std::unexpected(begun.error());
      snapshot_.emplace(std::move(*begun));
    }
    bind_box(st_.listed_by_id, box_);
    bind_filters(st_.listed_by_id, filters_);
    st_.listed_by_id.bind_int(":id", id);
    auto found = read_stores(st_.listed_by_id, 1);
    if (!found) return std::unexpected(found.error());
    if (found->empty()) return std::optional<Store>{};
    return std::optional<Store>(std::move(found->front()));
  }

 private:
  PerConnection<Statements>::Held held_;
  Statements& st_;
  std::shared_ptr<const RtreeReplica> replica_;
  BoundingBox box_;
  StoreFilters filters_;
  bool empty_;
  std::optional<Transaction> snapshot_;
  std::optional<RtreeReplica::Cursor> cursor_;
  std::optional<Statement::Rows> sql_ids_;
  // next_nearest()'s: the copy searched best first, or the nearest found by SQL.
  std::optional<RtreeReplica::NearestCursor> nearest_cursor_;
  std::optional<std::vector<Keyed>> sql_nearest_;
  std::size_t sql_nearest_next_ = 0;
};

Result<std::unique_ptr<BboxScan>> SqliteStoreRepository::scan_bbox(const BoundingBox& box, const StoreFilters& f,
                                                                   int limit) {
  // No candidates for an empty list (as in_bbox); the list's length is the caller's.
  const bool empty = limit <= 0;
  auto held = statements_.hold();
  auto replica = empty ? nullptr : current_rtree_replica(held.item);
  return std::unique_ptr<BboxScan>(std::make_unique<Scan>(std::move(held), std::move(replica), box, f, empty));
}

Result<std::vector<StoreWithDistance>> SqliteStoreRepository::nearest(LatLng centre, double radius_km,
                                                                      const StoreFilters& f, int limit) {
  using Out = Result<std::vector<StoreWithDistance>>;
  if (limit <= 0 || !(radius_km > 0)) return std::vector<StoreWithDistance>{};
  const auto wanted = static_cast<std::size_t>(limit);
  return statements_.with([&](Statements& st) -> Out {
    // One snapshot for the ring searches and the final reads.
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    // Every store within a ring is inside bbox_around(ring), and every store outside
    // it is farther than all inside; so once a ring holds `limit`, the nearest
    // `limit` overall are among them.
    double ring = std::min(radius_km, kNearestFirstRingKm);
    // With "reported since", search only the reported stores (migration 009's R*Tree):
    // a subset that still holds every match, so the answer is the same.
    auto& located = f.reported_since ? st.located_reported_in_bbox : st.located_in_bbox;
    Result<std::vector<Candidate>> found;
    for (;;) {
      found = within(located, centre, ring, f);
      if (!found) return std::unexpected(found.error());
      if (found->size() >= wanted || ring >= radius_km) break;
      ring = std::min(radius_km, ring * kNearestRingGrowth);
    }
    auto& candidates = *found;
    const auto keep = std::min(wanted, candidates.size());
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(keep), candidates.end(),
                      [](const Candidate& a, const Candidate& b) {
                        return a.distance_km != b.distance_km ? a.distance_km < b.distance_km : a.id < b.id;
                      });
    std::vector<StoreWithDistance> out;
    out.reserve(keep);
    for (std::size_t i = 0; i < keep; ++i) {
      auto store = find_with(st.find, candidates[i].id);
      if (!store) return std::unexpected(store.error());
      if (*store) out.push_back({std::move(**store), candidates[i].distance_km});
    }
    return out;
  });
}

Result<std::optional<Store>> SqliteStoreRepository::find(StoreId id) {
  return statements_.with([&](Statements& st) { return find_with(st.find, id); });
}

Result<std::int64_t> SqliteStoreRepository::count_active() {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    std::int64_t n = 0;
    auto ok = st.count_active.each([&](const Row& row) { n = row.int64(0); });
    if (!ok) return std::unexpected(ok.error());
    return n;
  });
}

Result<std::vector<PrefectureCount>> SqliteStoreRepository::count_by_prefecture() {
  return statements_.with([&](Statements& st) -> Result<std::vector<PrefectureCount>> {
    std::vector<PrefectureCount> out;
    auto ok =
        st.count_by_prefecture.each([&](const Row& row) { out.push_back({std::string(row.text(0)), row.int64(1)}); });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

}  // namespace pokeca::storage
