#include "pokeca/storage/postgres/pg_lottery_repository.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/audit_writes.hpp"
#include "repositories/lottery_rows.hpp"
#include "repositories/store_rows.hpp"  // float_text

namespace pokeca::storage::postgres {
namespace {

// The repository's SQL, in one place.
constexpr std::string_view kColumns =
    "l.id, l.store_id, l.product_id, l.product_name, l.methods, l.apply_start, l.apply_end, l.result_at,"
    " l.purchase_start, l.purchase_end, l.conditions, l.condition_note, l.source_url, l.status, l.author_id,"
    " l.points_awarded, l.reject_reason, l.created_at, l.updated_at, l.reviewed_at";
constexpr int kColumnCount = 20;
constexpr std::string_view kListingStoreColumns = ", s.name, s.prefecture, s.city, s.lat, s.lng";
constexpr std::string_view kFromJoined = " FROM lotteries AS l JOIN stores AS s ON s.id = l.store_id";
constexpr UnixSeconds kQuotaWindowSeconds = 24 * 3600;

LotteryEntry entry_from(const Rows& r, int i) {
  LotteryEntry e;
  e.id = r.int64(i, 0);
  e.store_id = r.int64(i, 1);
  e.product_id = r.optional_int64(i, 2);
  e.product_name = std::string(r.text(i, 3));
  e.methods = static_cast<unsigned>(r.int64(i, 4));
  e.apply_start = r.int64(i, 5);
  e.apply_end = r.int64(i, 6);
  e.result_at = r.optional_int64(i, 7);
  e.purchase_start = r.optional_int64(i, 8);
  e.purchase_end = r.optional_int64(i, 9);
  e.conditions = static_cast<unsigned>(r.int64(i, 10));
  e.condition_note = std::string(r.text(i, 11));
  e.source_url = std::string(r.text(i, 12));
  e.status = lottery_status_from(r.text(i, 13)).value_or(LotteryStatus::kHidden);
  e.author_id = r.is_null(i, 14) ? 0 : r.int64(i, 14);
  e.points_awarded = static_cast<int>(r.int64(i, 15));
  e.reject_reason = std::string(r.text(i, 16));
  e.created_at = r.int64(i, 17);
  e.updated_at = r.int64(i, 18);
  e.reviewed_at = r.optional_int64(i, 19);
  return e;
}

LotteryListing listing_from(const Rows& r, int i) {
  LotteryListing out;
  out.entry = entry_from(r, i);
  out.store_name = std::string(r.text(i, kColumnCount));
  out.prefecture = std::string(r.text(i, kColumnCount + 1));
  out.city = std::string(r.text(i, kColumnCount + 2));
  out.location = LatLng{r.real(i, kColumnCount + 3), r.real(i, kColumnCount + 4)};
  return out;
}

Param optional_param(const std::optional<std::int64_t>& v) { return v ? Param(*v) : Param::null(); }

// Every column of an entry for the insert; author 0 is stored as NULL (no author).
std::vector<Param> entry_params(const LotteryEntry& e) {
  return {Param(e.store_id),
          optional_param(e.product_id),
          Param(e.product_name),
          Param(static_cast<std::int64_t>(e.methods)),
          Param(e.apply_start),
          Param(e.apply_end),
          optional_param(e.result_at),
          optional_param(e.purchase_start),
          optional_param(e.purchase_end),
          Param(static_cast<std::int64_t>(e.conditions)),
          Param(e.condition_note),
          Param(e.source_url),
          Param(to_string(e.status)),
          e.author_id > 0 ? Param(e.author_id) : Param::null(),
          Param(e.points_awarded),
          Param(e.created_at),
          Param(e.updated_at),
          optional_param(e.reviewed_at)};
}

Result<std::int64_t> one_integer(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return rows->empty() || rows->is_null(0, 0) ? 0 : rows->int64(0, 0);
}

}  // namespace

std::string lottery_listing_select() {
  return "SELECT " + std::string(kColumns) + std::string(kListingStoreColumns) + std::string(kFromJoined);
}
LotteryListing read_lottery_listing(const Rows& rows, int i) { return listing_from(rows, i); }

struct PgLotteryRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        quota(c, "SELECT count(*), min(created_at) FROM lotteries WHERE author_id = $1 AND created_at > $2"),
        active_store(c, "SELECT count(*) FROM stores WHERE id = $1 AND status = 'active'"),
        listed_product(c, "SELECT name FROM products WHERE id = $1 AND listed"),
        duplicate(c,
                  "SELECT count(*) FROM lotteries WHERE store_id = $1 AND status IN ('pending', 'approved')"
                  " AND product_name = $2 AND apply_start < $4 AND $3 < apply_end"),
        approved_contributions(c,
                               "SELECT (SELECT count(*) FROM store_submissions WHERE user_id = $1"
                               " AND status = 'approved')"
                               " + (SELECT count(*) FROM lotteries WHERE author_id = $1 AND status = 'approved')"),
        insert(c,
               "INSERT INTO lotteries (store_id, product_id, product_name, methods, apply_start, apply_end, result_at,"
               " purchase_start, purchase_end, conditions, condition_note, source_url, status, author_id,"
               " points_awarded, created_at, updated_at, reviewed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
               " $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id"),
        find(c, "SELECT " + std::string(kColumns) + " FROM lotteries AS l WHERE l.id = $1"),
        count(c, "SELECT count(*) FROM lotteries"),
        update(c,
               "UPDATE lotteries SET status = $2, points_awarded = $3, reject_reason = $4, updated_at = $5,"
               " reviewed_at = $6 WHERE id = $1"),
        audit(c) {}

  // A list's statement, prepared once per distinct SQL text (the filters make a few).
  Statement& prepared(const std::string& sql) {
    auto& slot = dynamic[sql];
    if (!slot) slot = std::make_unique<Statement>(conn, sql);
    return *slot;
  }

  Connection& conn;
  Statement quota, active_store, listed_product, duplicate, approved_contributions, insert, find, count, update;
  AuditWrites audit;
  std::unordered_map<std::string, std::unique_ptr<Statement>> dynamic;
};

PgLotteryRepository::PgLotteryRepository(Database& db) : statements_(db, "lotteries") {}
PgLotteryRepository::~PgLotteryRepository() = default;

Result<LotteryEntry> PgLotteryRepository::insert(LotteryEntry e, const LotteryInsertRules& rules) {
  return statements_.with([&](Statements& st) -> Result<LotteryEntry> {
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      // The author's quota over the last 24 hours; a retry can succeed once the oldest leaves it.
      auto quota = st.quota.run({e.author_id, rules.now - kQuotaWindowSeconds});
      if (!quota) return std::unexpected(quota.error());
      const std::int64_t recent = quota->int64(0, 0);
      const UnixSeconds oldest = quota->is_null(0, 1) ? rules.now : quota->int64(0, 1);
      if (recent >= rules.max_per_day)
        return fail_rate_limited(fill_placeholder(msg::kLotteryTooMany, "{max}", std::to_string(rules.max_per_day)),
                                 "lottery/too-many",
                                 std::max<UnixSeconds>(1, oldest + kQuotaWindowSeconds - rules.now));
      auto store = one_integer(st.active_store.run({e.store_id}));
      if (!store) return std::unexpected(store.error());
      if (*store == 0) return fail(ErrorCode::kNotFound, msg::kLotteryStoreNotFound);
      if (e.product_id) {
        auto name = st.listed_product.run({*e.product_id});
        if (!name) return std::unexpected(name.error());
        if (name->empty()) return fail(ErrorCode::kBadRequest, msg::kLotteryProductUnknown);
        e.product_name = std::string(name->text(0, 0));
      }
      // The same product is the same name: a catalogue product's entries carry its name.
      auto same = one_integer(st.duplicate.run({e.store_id, e.product_name, e.apply_start, e.apply_end}));
      if (!same) return std::unexpected(same.error());
      if (*same > 0) return fail(ErrorCode::kConflict, msg::kLotteryDuplicate);
      auto approved = one_integer(st.approved_contributions.run({e.author_id}));
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
      auto id = one_integer(st.insert.run(entry_params(e)));
      if (!id) return std::unexpected(id.error());
      e.id = *id;
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return e;
  });
}

Result<std::vector<LotteryListing>> PgLotteryRepository::list_open(const LotteryFilter& f, UnixSeconds now) {
  std::vector<Param> params{Param(now)};
  const auto next = [&](Param value) {
    params.push_back(std::move(value));
    return "$" + std::to_string(params.size());
  };
  std::string where = " WHERE l.status = 'approved' AND l.apply_end > $1 AND s.status = 'active'";
  if (f.store_id) where += " AND l.store_id = " + next(Param(*f.store_id));
  if (f.prefecture) where += " AND s.prefecture = " + next(Param(*f.prefecture));
  if (f.product_id) where += " AND l.product_id = " + next(Param(*f.product_id));
  if (f.method) where += " AND (l.methods & " + next(Param(static_cast<std::int64_t>(*f.method))) + "::int) <> 0";
  if (f.loose)
    where += " AND (l.conditions & " + next(Param(static_cast<std::int64_t>(kStrictLotteryConditions))) + "::int) = 0";
  // Near a point: the box around the circle first (a cheap bound), the exact distance
  // after; the limit applies to what is inside the circle.
  const auto box = f.near ? bbox_around(*f.near, f.radius_km) : BoundingBox{};
  if (f.near) {
    where += " AND s.lat BETWEEN " + next(Param(float_text(box.min_lat))) + "::float8 AND " +
             next(Param(float_text(box.max_lat))) + "::float8";
    where += " AND s.lng BETWEEN " + next(Param(float_text(box.min_lng))) + "::float8 AND " +
             next(Param(float_text(box.max_lng))) + "::float8";
  }
  std::string sql = "SELECT " + std::string(kColumns) + std::string(kListingStoreColumns) + std::string(kFromJoined) +
                    where + " ORDER BY l.apply_end, l.id";
  if (!f.near) sql += " LIMIT " + next(Param(f.limit));
  return statements_.with([&](Statements& st) -> Result<std::vector<LotteryListing>> {
    auto rows = st.prepared(sql).run(params);
    if (!rows) return std::unexpected(rows.error());
    std::vector<LotteryListing> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) {
      auto listing = listing_from(*rows, i);
      if (f.near) {
        const double km = haversine_km(*f.near, listing.location);
        if (km > f.radius_km || std::ssize(out) >= f.limit) continue;
        listing.distance_km = km;
      }
      out.push_back(std::move(listing));
    }
    return out;
  });
}

Result<AdminPage<LotteryListing>> PgLotteryRepository::list_for_review(std::optional<LotteryStatus> status, int limit,
                                                                       std::int64_t offset) {
  const std::string where = status ? " WHERE l.status = $1" : "";
  const std::string page_params = status ? " LIMIT $2 OFFSET $3" : " LIMIT $1 OFFSET $2";
  return statements_.with([&](Statements& st) -> Result<AdminPage<LotteryListing>> {
    AdminPage<LotteryListing> page;
    auto ok = in_transaction(st.conn, TransactionMode::kRead, [&]() -> Result<void> {
      page = {};
      std::vector<Param> filter;
      if (status) filter.emplace_back(to_string(*status));
      auto total = one_integer(st.prepared("SELECT count(*) FROM lotteries AS l" + where).run(filter));
      if (!total) return std::unexpected(total.error());
      page.total = *total;
      auto params = filter;
      params.insert(params.end(), {Param(limit), Param(offset)});
      auto rows = st.prepared("SELECT " + std::string(kColumns) + std::string(kListingStoreColumns) +
                              std::string(kFromJoined) + where + " ORDER BY l.id DESC" + page_params)
                      .run(params);
      if (!rows) return std::unexpected(rows.error());
      page.items.reserve(rows->count());
      for (int i = 0; i < rows->size(); ++i) page.items.push_back(listing_from(*rows, i));
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return page;
  });
}

Result<std::optional<LotteryEntry>> PgLotteryRepository::find(LotteryId id) {
  return statements_.with([&](Statements& st) -> Result<std::optional<LotteryEntry>> {
    auto rows = st.find.run({id});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::nullopt;
    return entry_from(*rows, 0);
  });
}

Result<std::optional<LotteryEntry>> PgLotteryRepository::change(LotteryId id, const LotteryDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<std::optional<LotteryEntry>> {
    std::optional<LotteryEntry> changed;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      changed.reset();
      auto rows = st.find.run({id});
      if (!rows) return std::unexpected(rows.error());
      if (rows->empty()) return {};
      auto change = decide(entry_from(*rows, 0));
      if (!change) return std::unexpected(change.error());
      const auto& a = change->after;
      auto updated = st.update.run({id, Param(to_string(a.status)), a.points_awarded, a.reject_reason, a.updated_at,
                                    optional_param(a.reviewed_at)});
      if (!updated) return std::unexpected(updated.error());
      if (auto audited = st.audit.append(change->audit); !audited) return audited;
      changed = a;
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return changed;
  });
}

Result<void> PgLotteryRepository::insert_demo(const std::vector<LotteryEntry>& entries) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto existing = one_integer(st.count.run());
      if (!existing) return std::unexpected(existing.error());
      if (*existing > 0) return {};
      for (const auto& e : entries)
        if (auto id = one_integer(st.insert.run(entry_params(e))); !id) return std::unexpected(id.error());
      return {};
    });
  });
}

}  // namespace pokeca::storage::postgres
