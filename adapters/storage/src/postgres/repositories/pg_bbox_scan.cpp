#include "repositories/pg_bbox_scan.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/box_walk.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {

struct PgBboxScans::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        // in_bbox's statement without its columns: the ids in the index's order.
        ids(c, "SELECT s.id FROM stores AS s WHERE " + std::string(kInBox) + " AND " + active_and_filtered(5) +
                   " LIMIT $10"),
        // Best first by unscaled distance from ($11, $12), with the point for the key.
        walk(c,
             "SELECT s.id, s.lat, s.lng, point(s.lng, s.lat) <-> point($11::float8, $12::float8)"
             " FROM stores AS s WHERE " +
                 std::string(kInBox) + " AND " + active_and_filtered(5) +
                 " ORDER BY point(s.lng, s.lat) <-> point($11::float8, $12::float8) LIMIT $10"),
        listed_by_ids(c, "SELECT " + std::string(kStoreColumns) + " FROM stores AS s WHERE s.id = ANY ($10::bigint[])" +
                             " AND " + std::string(kInBox) + " AND " + active_and_filtered(5)) {}

  Connection& conn;
  Statement ids, walk, listed_by_ids;
};

namespace {

using Statements = PgBboxScans::Statements;
using Nearer = BboxScan::Nearer;

std::vector<Param> box_and_filters(const BoundingBox& box, const StoreFilters& f) {
  std::vector<Param> params{Param(float_text(box.min_lng)), Param(float_text(box.min_lat)),
                            Param(float_text(box.max_lng)), Param(float_text(box.max_lat))};
  append_filter_params(params, f);
  return params;
}

std::string id_array(const std::vector<StoreId>& ids) {
  std::string out = "{";
  for (const auto id : ids) {
    if (out.size() > 1) out += ',';
    out += std::to_string(id);
  }
  return out + "}";
}

// The nearest `wanted` listed stores of `box`, as (id, key) in BoxOrder: in_bbox's walk
// (walk_box_nearest) on ids and points.
Result<std::vector<Nearer>> nearest_ids(Statements& st, const BoundingBox& box, const StoreFilters& f,
                                        std::size_t wanted) {
  return walk_box_nearest<Nearer>(
      box, wanted, 3,
      [&](std::int64_t batch, LatLng centre) {
        auto params = box_and_filters(box, f);
        params.insert(params.end(), {Param(batch), Param(float_text(centre.lng)), Param(float_text(centre.lat))});
        return st.walk.run(params);
      },
      [](const Rows& rows, int i, const BoxOrder& order) -> Result<Walked<Nearer>> {
        const StoreId id = rows.int64(i, 0);
        const double key = order.key({rows.real(i, 1), rows.real(i, 2)});
        return Walked<Nearer>{key, id, {id, key}};
      });
}

class Scan final : public BboxScan {
 public:
  Scan(PerConnection<Statements>::Held held, const BoundingBox& box, const StoreFilters& f, int limit)
      : held_(std::move(held)), st_(held_.item), box_(box), filters_(f), limit_(limit) {}
  ~Scan() override = default;  // the snapshot (a ROLLBACK), then the lease
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;

  Result<std::optional<StoreId>> next() override {
    if (limit_ <= 0) return std::optional<StoreId>{};  // no candidates for an empty list
    if (!ids_read_) {
      if (auto ok = read_ids(limit_); !ok) return std::unexpected(ok.error());
      ids_read_ = true;
      // `limit` rows may not be all: the caller asks further when kept facts it tests
      // left some of them out.
      more_ = ids_.size() == static_cast<std::size_t>(limit_);
    }
    if (next_ == ids_.size() && more_) {
      more_ = false;
      if (auto ok = read_ids(std::nullopt); !ok) return std::unexpected(ok.error());
    }
    if (next_ == ids_.size()) return std::optional<StoreId>{};
    return std::optional(ids_[next_++]);
  }

  Result<std::optional<Nearer>> next_nearest(std::size_t wanted) override {
    if (limit_ <= 0) return std::optional<Nearer>{};
    if (!nearest_) {
      // The walk and the reads by id after it in one snapshot.
      if (auto ok = begin_snapshot(); !ok) return std::unexpected(ok.error());
      if (auto ok = walk_nearest_first(st_.conn); !ok) return std::unexpected(ok.error());
      auto found = nearest_ids(st_, box_, filters_, wanted);
      if (!found) return std::unexpected(found.error());
      nearest_ = std::move(*found);
      ids_.clear();
      for (const auto& n : *nearest_) ids_.push_back(n.id);
      next_ = 0;
    }
    if (next_ == nearest_->size()) return std::optional<Nearer>{};
    return std::optional((*nearest_)[next_++]);
  }

  Result<std::optional<Store>> read_listed(StoreId id) override {
    if (auto found = take_read(id)) return std::move(*found);
    if (auto ok = begin_snapshot(); !ok) return std::unexpected(ok.error());
    // The asked store alone the first time (a read model that keeps most stores asks for
    // few); after that it and the next candidates, which a cold one will ask for too.
    std::vector<StoreId> ask{id};
    if (reads_++ > 0)
      for (std::size_t i = next_; i < ids_.size() && ask.size() < kScanReadBatch; ++i)
        if (ids_[i] != id && !read_.contains(ids_[i])) ask.push_back(ids_[i]);
    auto params = box_and_filters(box_, filters_);
    params.emplace_back(id_array(ask));
    auto rows = st_.listed_by_ids.run(params);
    if (!rows) return std::unexpected(rows.error());
    for (const auto asked : ask) read_.emplace(asked, std::nullopt);  // not listed unless read
    for (int i = 0; i < rows->size(); ++i) {
      auto store = read_store(*rows, i);
      if (!store) return std::unexpected(store.error());
      read_[store->id] = std::move(*store);
    }
    return std::move(*take_read(id));
  }

 private:
  // Appends the box's ids not handed out before (`limit` of them, or all).
  Result<void> read_ids(std::optional<int> limit) {
    auto params = box_and_filters(box_, filters_);
    params.push_back(limit ? Param(*limit) : Param::null());  // LIMIT NULL: no limit
    auto rows = st_.ids.run(params);
    if (!rows) return std::unexpected(rows.error());
    const std::unordered_set<StoreId> before(ids_.begin(), ids_.end());
    for (int i = 0; i < rows->size(); ++i)
      if (const StoreId id = rows->int64(i, 0); !before.contains(id)) ids_.push_back(id);
    return {};
  }

  Result<void> begin_snapshot() {
    if (snapshot_) return {};
    auto begun = Transaction::begin(st_.conn, TransactionMode::kRead);
    if (!begun) return std::unexpected(begun.error());
    snapshot_.emplace(std::move(*begun));
    return {};
  }

  // A store read before (listed or not), taken out: the caller asks for each once.
  std::optional<std::optional<Store>> take_read(StoreId id) {
    const auto it = read_.find(id);
    if (it == read_.end()) return std::nullopt;
    auto store = std::move(it->second);
    read_.erase(it);
    return store;
  }

  PerConnection<Statements>::Held held_;
  Statements& st_;
  BoundingBox box_;
  StoreFilters filters_;
  int limit_;
  std::optional<Transaction> snapshot_;  // after held_: rolled back before the lease ends
  // The candidates of the current pass (the box's, then the nearest's) and the next one.
  std::vector<StoreId> ids_;
  std::size_t next_ = 0;
  bool ids_read_ = false;
  bool more_ = false;
  std::optional<std::vector<Nearer>> nearest_;
  std::unordered_map<StoreId, std::optional<Store>> read_;  // read by id, not yet taken
  int reads_ = 0;
};

}  // namespace

PgBboxScans::PgBboxScans(Database& db) : statements_(db, "stores") {}
PgBboxScans::~PgBboxScans() = default;

Result<std::unique_ptr<BboxScan>> PgBboxScans::open(const BoundingBox& box, const StoreFilters& f, int limit) {
  return std::unique_ptr<BboxScan>(std::make_unique<Scan>(statements_.hold(), box, f, limit));
}

}  // namespace pokeca::storage::postgres
