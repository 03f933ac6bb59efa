// SqliteStoreRepository: construction and the list queries (prefecture, box, nearest,
// find, counts). Cells are in sqlite_store_repository_cells.cpp, writes in
// sqlite_store_repository_writes.cpp.
#include <algorithm>

#include "pokeca/messages.hpp"
#include "pokeca/storage/sqlite_store_repository.hpp"
#include "pokeca/storage/transaction.hpp"
#include "store_statements.hpp"

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

}  // namespace

SqliteStoreRepository::SqliteStoreRepository(Database& db) : statements_(db) {}
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
  if (limit <= 0) return std::vector<Store>{};
  return statements_.with([&](Statements& st) {
    bind_box(st.in_bbox, box);
    bind_filters(st.in_bbox, f);
    st.in_bbox.bind_int(":limit", limit);
    return read_stores(st.in_bbox, limit);
  });
}

Result<std::vector<StoreOrKept>> SqliteStoreRepository::in_bbox_unless_kept(
    const BoundingBox& box, const StoreFilters& f, int limit,
    const std::function<const StoreListFacts*(StoreId)>& kept) {
  using Out = Result<std::vector<StoreOrKept>>;
  if (limit <= 0) return std::vector<StoreOrKept>{};
  const auto wanted = static_cast<std::size_t>(limit);
  return statements_.with([&](Statements& st) -> Out {
    // One snapshot for the candidate ids and the stores read after them, without a
    // BEGIN and ROLLBACK of its own (two statements a miss): every store is read while
    // ids_in_rtree is still stepping, and SQLite keeps a connection's read transaction
    // open until its last active statement is reset.
    std::vector<StoreOrKept> out;
    out.reserve(wanted);
    // The R*Tree alone, with in_bbox's box constraints: the same traversal and so the
    // same order. A kept store is tested on its kept facts (listed_in, the same test as
    // kActiveAndFiltered); any other is read by id with the SQL test.
    bind_box(st.ids_in_rtree, box);
    Result<void> read_ok;
    auto ok = st.ids_in_rtree.each([&](const Row& row) {
      const StoreId id = row.int64(0);
      if (const auto* facts = kept(id)) {
        if (listed_in(*facts, box, f)) out.push_back({id, nullptr});
        return out.size() < wanted;
      }
      bind_box(st.listed_by_id, box);
      bind_filters(st.listed_by_id, f);
      st.listed_by_id.bind_int(":id", id);
      auto found = read_stores(st.listed_by_id, 1);
      if (!found) {
        read_ok = std::unexpected(found.error());
        return false;
      }
      if (!found->empty()) out.push_back({id, std::make_unique<Store>(std::move(found->front()))});
      return out.size() < wanted;
    });
    if (!ok) return std::unexpected(ok.error());
    if (!read_ok) return std::unexpected(read_ok.error());
    return out;
  });
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
