#include "pokeca/storage/sqlite/sqlite_lottery_repository.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/audit_writes.hpp"
#include "repositories/lottery_rows.hpp"

namespace pokeca::storage {
namespace {

// The repository's SQL, in one place.
constexpr const char* kColumns =
    "l.id, l.store_id, l.product_id, l.product_name, l.methods, l.apply_start, l.apply_end, l.result_at,"
    " l.purchase_start, l.purchase_end, l.conditions, l.condition_note, l.source_url, l.status, l.author_id,"
    " l.points_awarded, l.reject_reason, l.created_at, l.updated_at, l.reviewed_at";
constexpr int kColumnCount = 20;
constexpr const char* kStoreColumns = ", s.name, s.prefecture, s.city, s.lat, s.lng";
constexpr const char* kFromJoined = " FROM lotteries AS l JOIN stores AS s ON s.id = l.store_id";
constexpr const char* kFromOpenByEnd =
    " FROM lotteries AS l INDEXED BY lotteries_open_by_end JOIN stores AS s ON s.id = l.store_id";
constexpr UnixSeconds kQuotaWindowSeconds = 24 * 3600;

std::optional<std::int64_t> optional_int(const Row& row, int i) {
  if (row.is_null(i)) return std::nullopt;
  return row.int64(i);
}

LotteryEntry entry_from(const Row& row) {
  LotteryEntry e;
  e.id = row.int64(0);
  e.store_id = row.int64(1);
  e.product_id = optional_int(row, 2);
  e.product_name = std::string(row.text(3));
  e.methods = static_cast<unsigned>(row.int64(4));
  e.apply_start = row.int64(5);
  e.apply_end = row.int64(6);
  e.result_at = optional_int(row, 7);
  e.purchase_start = optional_int(row, 8);
  e.purchase_end = optional_int(row, 9);
  e.conditions = static_cast<unsigned>(row.int64(10));
  e.condition_note = std::string(row.text(11));
  e.source_url = std::string(row.text(12));
  e.status = lottery_status_from(row.text(13)).value_or(LotteryStatus::kHidden);
  e.author_id = row.is_null(14) ? 0 : row.int64(14);
  e.points_awarded = static_cast<int>(row.int64(15));
  e.reject_reason = std::string(row.text(16));
  e.created_at = row.int64(17);
  e.updated_at = row.int64(18);
  e.reviewed_at = optional_int(row, 19);
  return e;
}

LotteryListing listing_from(const Row& row) {
  LotteryListing out;
  out.entry = entry_from(row);
  out.store_name = std::string(row.text(kColumnCount));
  out.prefecture = std::string(row.text(kColumnCount + 1));
  out.city = std::string(row.text(kColumnCount + 2));
  out.location = LatLng{row.real(kColumnCount + 3), row.real(kColumnCount + 4)};
  return out;
}

Statement& bind_optional(Statement& s, const char* name, const std::optional<std::int64_t>& value) {
  return value ? s.bind_int(name, *value) : s.bind_null(name);
}

// Every column of an entry for the insert; author 0 is stored as NULL (no author).
Statement& bind_entry(Statement& ins, const LotteryEntry& e) {
  ins.bind_int(":store", e.store_id).bind_text(":name", e.product_name).bind_int(":methods", e.methods);
  bind_optional(ins, ":product", e.product_id);
  ins.bind_int(":start", e.apply_start).bind_int(":end", e.apply_end);
  bind_optional(ins, ":result", e.result_at);
  bind_optional(ins, ":buy_from", e.purchase_start);
  bind_optional(ins, ":buy_to", e.purchase_end);
  ins.bind_int(":conditions", e.conditions)
      .bind_text(":note", e.condition_note)
      .bind_text(":url", e.source_url)
      .bind_text(":status", to_string(e.status))
      .bind_int(":points", e.points_awarded)
      .bind_int(":created", e.created_at)
      .bind_int(":updated", e.updated_at);
  bind_optional(ins, ":author", e.author_id > 0 ? std::optional<std::int64_t>(e.author_id) : std::nullopt);
  return bind_optional(ins, ":reviewed", e.reviewed_at);
}

Result<std::int64_t> one_integer(Statement& select) {
  std::int64_t value = 0;
  if (auto ok = select.each([&](const Row& row) { value = row.is_null(0) ? 0 : row.int64(0); }); !ok)
    return std::unexpected(ok.error());
  return value;
}

}  // namespace

std::string open_lottery_listing_select() { return std::string("SELECT ") + kColumns + kStoreColumns + kFromOpenByEnd; }
LotteryListing read_lottery_listing(const Row& row) { return listing_from(row); }

struct SqliteLotteryRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        quota(c, "SELECT count(*), min(created_at) FROM lotteries WHERE author_id = :author AND created_at > :since"),
        active_store(c, "SELECT count(*) FROM stores WHERE id = :id AND status = 'active'"),
        listed_product(c, "SELECT name FROM products WHERE id = :id AND listed = 1"),
        duplicate(c,
                  "SELECT count(*) FROM lotteries WHERE store_id = :store AND status IN ('pending', 'approved')"
                  " AND product_name = :name AND apply_start < :end AND :start < apply_end"),
        approved_contributions(c,
                               "SELECT (SELECT count(*) FROM store_submissions WHERE user_id = :author"
                               " AND status = 'approved')"
                               " + (SELECT count(*) FROM lotteries WHERE author_id = :author AND status = 'approved')"),
        insert(c,
               "INSERT INTO lotteries (store_id, product_id, product_name, methods, apply_start, apply_end, result_at,"
               " purchase_start, purchase_end, conditions, condition_note, source_url, status, author_id,"
               " points_awarded, created_at, updated_at, reviewed_at) VALUES (:store, :product, :name, :methods,"
               " :start, :end, :result, :buy_from, :buy_to, :conditions, :note, :url, :status, :author, :points,"
               " :created, :updated, :reviewed) RETURNING id"),
        find(c, std::string("SELECT ") + kColumns + " FROM lotteries AS l WHERE l.id = :id"),
        count(c, "SELECT count(*) FROM lotteries"),
        update(c,
               "UPDATE lotteries SET status = :status, points_awarded = :points, reject_reason = :reason,"
               " updated_at = :updated, reviewed_at = :reviewed WHERE id = :id"),
        audit(c) {}

  // A list's statement, prepared once per distinct SQL text (the filters make a few).
  Statement& prepared(const std::string& sql) {
    auto& slot = dynamic[sql];
    if (!slot) slot = std::make_unique<Statement>(conn, sql);
    return *slot;
  }

  Connection& conn;
  Statement quota;
  Statement active_store;
  Statement listed_product;
  Statement duplicate;
  Statement approved_contributions;
  Statement insert;
  Statement find;
  Statement count;
  Statement update;
  AuditWrites audit;
  std::unordered_map<std::string, std::unique_ptr<Statement>> dynamic;
};

SqliteLotteryRepository::SqliteLotteryRepository(Database& db) : statements_(db, "lotteries") {}
SqliteLotteryRepository::~SqliteLotteryRepository() = default;

Result<LotteryEntry> SqliteLotteryRepository::insert(LotteryEntry e, const LotteryInsertRules& rules) {
  return statements_.with([&](Statements& st) -> Result<LotteryEntry> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    // The author's quota over the last 24 hours; a retry can succeed once the oldest leaves it.
    std::int64_t recent = 0;
    UnixSeconds oldest = rules.now;
    auto ok = st.quota.bind_int(":author", e.author_id)
                  .bind_int(":since", rules.now - kQuotaWindowSeconds)
                  .each([&](const Row& row) {
                    recent = row.int64(0);
                    if (!row.is_null(1)) oldest = row.int64(1);
                  });
    if (!ok) return std::unexpected(ok.error());
    if (recent >= rules.max_per_day)
      return fail_rate_limited(fill_placeholder(msg::kLotteryTooMany, "{max}", std::to_string(rules.max_per_day)),
                               "lottery/too-many", std::max<UnixSeconds>(1, oldest + kQuotaWindowSeconds - rules.now));
    auto store = one_integer(st.active_store.bind_int(":id", e.store_id));
    if (!store) return std::unexpected(store.error());
    if (*store == 0) return fail(ErrorCode::kNotFound, msg::kLotteryStoreNotFound);
    if (e.product_id) {
      std::optional<std::string> name;
      ok = st.listed_product.bind_int(":id", *e.product_id).each([&](const Row& row) {
        name = std::string(row.text(0));
      });
      if (!ok) return std::unexpected(ok.error());
      if (!name) return fail(ErrorCode::kBadRequest, msg::kLotteryProductUnknown);
      e.product_name = std::move(*name);
    }
    // The same product is the same name: a catalogue product's entries carry its name.
    auto same = one_integer(st.duplicate.bind_int(":store", e.store_id)
                                .bind_text(":name", e.product_name)
                                .bind_int(":start", e.apply_start)
                                .bind_int(":end", e.apply_end));
    if (!same) return std::unexpected(same.error());
    if (*same > 0) return fail(ErrorCode::kConflict, msg::kLotteryDuplicate);
    auto approved = one_integer(st.approved_contributions.bind_int(":author", e.author_id));
    if (!approved) return std::unexpected(approved.error());
    if (*approved >= rules.trusted_approvals) {
      e.status = LotteryStatus::kApproved;
      e.points_awarded = rules.points;
      e.reviewed_at = rules.now;
    } else {
      e.status = LotteryStatus::kPending;
      e.points_awarded = 0;
      e.reviewed_at.reset();
    }
    auto& ins = bind_entry(st.insert, e);
    auto id = one_integer(ins);
    if (!id) return std::unexpected(id.error());
    e.id = *id;
    if (auto done = tx->commit(); !done) return std::unexpected(done.error());
    return e;
  });
}

Result<std::vector<LotteryListing>> SqliteLotteryRepository::list_open(const LotteryFilter& f, UnixSeconds now) {
  std::string where = " WHERE l.status = 'approved' AND l.apply_end > :now AND s.status = 'active'";
  if (f.store_id) where += " AND l.store_id = :store";
  if (f.prefecture) where += " AND s.prefecture = :prefecture";
  if (f.product_id) where += " AND l.product_id = :product";
  if (f.method) where += " AND (l.methods & :method) <> 0";
  if (f.loose) where += " AND (l.conditions & :strict) = 0";
  // Near a point: the box around the circle first (a cheap bound), the exact distance
  // after; the limit applies to what is inside the circle.
  const auto box = f.near ? bbox_around(*f.near, f.radius_km) : BoundingBox{};
  if (f.near) where += " AND s.lat BETWEEN :south AND :north AND s.lng BETWEEN :west AND :east";
  // Without one store to read, the open entries are walked in deadline order (the order
  // asked for, so a LIMIT stops the walk) and each joined to its store by id. SQLite has no
  // statistics here and would rather take every approved entry by status, then sort: at
  // 1,000,000 stores the store lookups of all of them took 160 ms (bench/RESULTS.md).
  const char* from = f.store_id ? kFromJoined : kFromOpenByEnd;
  const std::string sql = std::string("SELECT ") + kColumns + kStoreColumns + from + where +
                          " ORDER BY l.apply_end, l.id" + (f.near ? "" : " LIMIT :limit");
  return statements_.with([&](Statements& st) -> Result<std::vector<LotteryListing>> {
    auto& list = st.prepared(sql);
    list.bind_int(":now", now);
    if (f.store_id) list.bind_int(":store", *f.store_id);
    if (f.prefecture) list.bind_text(":prefecture", *f.prefecture);
    if (f.product_id) list.bind_int(":product", *f.product_id);
    if (f.method) list.bind_int(":method", static_cast<std::int64_t>(*f.method));
    if (f.loose) list.bind_int(":strict", kStrictLotteryConditions);
    if (f.near)
      list.bind_real(":south", box.min_lat)
          .bind_real(":north", box.max_lat)
          .bind_real(":west", box.min_lng)
          .bind_real(":east", box.max_lng);
    else
      list.bind_int(":limit", f.limit);
    std::vector<LotteryListing> out;
    auto ok = list.each([&](const Row& row) -> Result<void> {
      auto listing = listing_from(row);
      if (f.near) {
        const double km = haversine_km(*f.near, listing.location);
        if (km > f.radius_km || std::ssize(out) >= f.limit) return {};
        listing.distance_km = km;
      }
      out.push_back(std::move(listing));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<AdminPage<LotteryListing>> SqliteLotteryRepository::list_for_review(std::optional<LotteryStatus> status,
                                                                           int limit, std::int64_t offset) {
  const std::string where = status ? " WHERE l.status = :status" : "";
  return statements_.with([&](Statements& st) -> Result<AdminPage<LotteryListing>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kRead);
    if (!tx) return std::unexpected(tx.error());
    auto& count = st.prepared("SELECT count(*) FROM lotteries AS l" + where);
    auto& list = st.prepared(std::string("SELECT ") + kColumns + kStoreColumns + kFromJoined + where +
                             " ORDER BY l.id DESC LIMIT :limit OFFSET :offset");
    if (status) {
      count.bind_text(":status", to_string(*status));
      list.bind_text(":status", to_string(*status));
    }
    AdminPage<LotteryListing> page;
    auto total = one_integer(count);
    if (!total) return std::unexpected(total.error());
    page.total = *total;
    auto ok = list.bind_int(":limit", limit).bind_int(":offset", offset).each([&](const Row& row) {
      page.items.push_back(listing_from(row));
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<LotteryEntry>> SqliteLotteryRepository::find(LotteryId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<LotteryEntry>> {
    std::optional<LotteryEntry> found;
    auto ok = st.find.bind_int(":id", id).each([&](const Row& row) { found = entry_from(row); });
    if (!ok) return std::unexpected(ok.error());
    return found;
  });
}

Result<std::optional<LotteryEntry>> SqliteLotteryRepository::change(LotteryId id, const LotteryDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<std::optional<LotteryEntry>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    std::optional<LotteryEntry> current;
    auto ok = st.find.bind_int(":id", id).each([&](const Row& row) { current = entry_from(row); });
    if (!ok) return std::unexpected(ok.error());
    if (!current) return current;
    auto change = decide(*current);
    if (!change) return std::unexpected(change.error());
    const auto& a = change->after;
    auto& up = st.update;
    up.bind_int(":id", id)
        .bind_text(":status", to_string(a.status))
        .bind_int(":points", a.points_awarded)
        .bind_text(":reason", a.reject_reason)
        .bind_int(":updated", a.updated_at);
    bind_optional(up, ":reviewed", a.reviewed_at);
    if (ok = up.run(); !ok) return std::unexpected(ok.error());
    if (ok = st.audit.append(change->audit); !ok) return std::unexpected(ok.error());
    if (ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return std::optional<LotteryEntry>{a};
  });
}

Result<void> SqliteLotteryRepository::insert_demo(const std::vector<LotteryEntry>& entries) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto existing = one_integer(st.count);
    if (!existing) return std::unexpected(existing.error());
    if (*existing > 0) return {};
    for (const auto& e : entries)
      if (auto id = one_integer(bind_entry(st.insert, e)); !id) return std::unexpected(id.error());
    return tx->commit();
  });
}

}  // namespace pokeca::storage
