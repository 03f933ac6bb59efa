#include "pokeca/storage/postgres/pg_product_repository.hpp"

#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/postgres/statement.hpp"
#include "pokeca/storage/postgres/transaction.hpp"
#include "repositories/audit_writes.hpp"

namespace pokeca::storage::postgres {
namespace {

// The repository's SQL, in one place.
constexpr std::string_view kColumns =
    "id, name, kind, release_date, official_url, listed, demo, created_at, updated_at";
constexpr std::string_view kOrder = " ORDER BY release_date DESC, id DESC";
// A foreign key refused the delete: something (a lottery entry) still names the product.
constexpr std::string_view kForeignKeyViolation = "23503";

std::string select_products(std::string_view rest) {
  return "SELECT " + std::string(kColumns) + " FROM products" + std::string(rest);
}

CatalogProduct product_from(const Rows& rows, int i) {
  CatalogProduct p;
  p.id = rows.int64(i, 0);
  p.name = std::string(rows.text(i, 1));
  p.kind = catalog_product_kind_from(rows.text(i, 2)).value_or(CatalogProductKind::kOther);
  p.release_date = std::string(rows.text(i, 3));
  p.official_url = std::string(rows.text(i, 4));
  p.listed = rows.boolean(i, 5);
  p.demo = rows.boolean(i, 6);
  p.created_at = rows.int64(i, 7);
  p.updated_at = rows.int64(i, 8);
  return p;
}

Result<std::optional<CatalogProduct>> one_product(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  if (rows->empty()) return std::nullopt;
  return product_from(*rows, 0);
}

Result<std::int64_t> one_integer(Result<Rows> rows) {
  if (!rows) return std::unexpected(rows.error());
  return rows->int64(0, 0);
}

}  // namespace

struct PgProductRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        list_all(c, select_products(kOrder)),
        list_listed(c, select_products(std::string(" WHERE listed") + std::string(kOrder))),
        find(c, select_products(" WHERE id = $1")),
        count(c, "SELECT count(*) FROM products"),
        same_name(c, "SELECT count(*) FROM products WHERE name = $1 AND id <> $2"),
        insert(c,
               "INSERT INTO products (name, kind, release_date, official_url, listed, demo, created_at, updated_at)"
               " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING " +
                   std::string(kColumns)),
        update(c,
               "UPDATE products SET name = $1, kind = $2, release_date = $3, official_url = $4, listed = $5,"
               " updated_at = $6 WHERE id = $7 RETURNING " +
                   std::string(kColumns)),
        remove(c, "DELETE FROM products WHERE id = $1"),
        audit(c) {}

  Connection& conn;
  Statement list_all;
  Statement list_listed;
  Statement find;
  Statement count;
  Statement same_name;
  Statement insert;
  Statement update;
  Statement remove;
  AuditWrites audit;
};

namespace {

using Statements = PgProductRepository::Statements;

// kConflict when another product (not `id`) has the name: names are what people pick by.
Result<void> name_is_free(Statements& st, const std::string& name, CatalogProductId id) {
  auto n = one_integer(st.same_name.run({name, id}));
  if (!n) return std::unexpected(n.error());
  if (*n > 0) return fail(ErrorCode::kConflict, msg::kProductNameTaken);
  return {};
}

Result<CatalogProduct> insert_row(Statements& st, const CatalogProduct& p) {
  auto row = one_product(st.insert.run(
      {p.name, to_string(p.kind), p.release_date, p.official_url, p.listed, p.demo, p.created_at, p.updated_at}));
  if (!row) return std::unexpected(row.error());
  return std::move(**row);  // RETURNING gives the row it inserted
}

}  // namespace

PgProductRepository::PgProductRepository(Database& db) : statements_(db, "products") {}
PgProductRepository::~PgProductRepository() = default;

Result<std::vector<CatalogProduct>> PgProductRepository::list(bool listed_only) {
  return statements_.with([&](Statements& st) -> Result<std::vector<CatalogProduct>> {
    auto rows = (listed_only ? st.list_listed : st.list_all).run();
    if (!rows) return std::unexpected(rows.error());
    std::vector<CatalogProduct> out;
    out.reserve(rows->count());
    for (int i = 0; i < rows->size(); ++i) out.push_back(product_from(*rows, i));
    return out;
  });
}

Result<std::optional<CatalogProduct>> PgProductRepository::find(CatalogProductId id) {
  return statements_.with([&](Statements& st) { return one_product(st.find.run({id})); });
}

Result<CatalogProduct> PgProductRepository::insert(const CatalogProduct& product, AuditRecord audit,
                                                   std::size_t max_products) {
  return statements_.with([&](Statements& st) -> Result<CatalogProduct> {
    std::optional<CatalogProduct> inserted;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto count = one_integer(st.count.run());
      if (!count) return std::unexpected(count.error());
      if (*count >= static_cast<std::int64_t>(max_products))
        return fail(ErrorCode::kConflict,
                    fill_placeholder(msg::kProductCatalogFull, "{max}", std::to_string(max_products)));
      if (auto free = name_is_free(st, product.name, 0); !free) return free;
      auto row = insert_row(st, product);
      if (!row) return std::unexpected(row.error());
      auto record = audit;
      record.target_id = std::to_string(row->id);
      if (auto appended = st.audit.append(record); !appended) return appended;
      inserted = std::move(*row);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return std::move(*inserted);
  });
}

Result<std::optional<CatalogProduct>> PgProductRepository::update(CatalogProductId id, const ProductDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<std::optional<CatalogProduct>> {
    std::optional<CatalogProduct> updated;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      updated.reset();
      auto current = one_product(st.find.run({id}));
      if (!current) return std::unexpected(current.error());
      if (!*current) return {};
      auto change = decide(**current);
      if (!change) return std::unexpected(change.error());
      const auto& after = change->after;
      if (auto free = name_is_free(st, after.name, id); !free) return free;
      auto row = one_product(st.update.run({after.name, to_string(after.kind), after.release_date, after.official_url,
                                            after.listed, after.updated_at, id}));
      if (!row) return std::unexpected(row.error());
      if (auto appended = st.audit.append(change->audit); !appended) return appended;
      updated = std::move(*row);
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return updated;
  });
}

Result<bool> PgProductRepository::remove(CatalogProductId id,
                                         const std::function<AuditRecord(const CatalogProduct&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    bool removed = false;
    auto ok = in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      removed = false;
      auto current = one_product(st.find.run({id}));
      if (!current) return std::unexpected(current.error());
      if (!*current) return {};
      if (auto gone = st.remove.run({id}); !gone) {
        if (st.conn.last_sqlstate() == kForeignKeyViolation) return fail(ErrorCode::kConflict, msg::kProductInUse);
        return std::unexpected(gone.error());
      }
      if (auto appended = st.audit.append(audit(**current)); !appended) return appended;
      removed = true;
      return {};
    });
    if (!ok) return std::unexpected(ok.error());
    return removed;
  });
}

Result<void> PgProductRepository::insert_demo(const std::vector<CatalogProduct>& products) {
  return statements_.with([&](Statements& st) -> Result<void> {
    return in_transaction(st.conn, TransactionMode::kWrite, [&]() -> Result<void> {
      auto count = one_integer(st.count.run());
      if (!count) return std::unexpected(count.error());
      if (*count > 0) return {};  // the catalogue is the admins' once it has anything
      for (const auto& p : products)
        if (auto row = insert_row(st, p); !row) return std::unexpected(row.error());
      return {};
    });
  });
}

}  // namespace pokeca::storage::postgres
