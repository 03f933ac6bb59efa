#include "pokeca/storage/sqlite/sqlite_product_repository.hpp"

#include <string>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"
#include "pokeca/storage/sqlite/statement.hpp"
#include "pokeca/storage/sqlite/transaction.hpp"
#include "repositories/audit_writes.hpp"

namespace pokeca::storage {
namespace {

// The repository's SQL, in one place.
constexpr const char* kColumns = "id, name, kind, release_date, official_url, listed, demo, created_at, updated_at";
constexpr const char* kOrder = " ORDER BY release_date DESC, id DESC";

std::string select_products(std::string_view rest) {
  return std::string("SELECT ") + kColumns + " FROM products" + std::string(rest);
}

CatalogProduct product_from(const Row& row) {
  CatalogProduct p;
  p.id = row.int64(0);
  p.name = std::string(row.text(1));
  p.kind = catalog_product_kind_from(row.text(2)).value_or(CatalogProductKind::kOther);
  p.release_date = std::string(row.text(3));
  p.official_url = std::string(row.text(4));
  p.listed = row.int64(5) != 0;
  p.demo = row.int64(6) != 0;
  p.created_at = row.int64(7);
  p.updated_at = row.int64(8);
  return p;
}

Statement& bind_fields(Statement& s, const CatalogProduct& p) {
  return s.bind_text(":name", p.name)
      .bind_text(":kind", to_string(p.kind))
      .bind_text(":release_date", p.release_date)
      .bind_text(":official_url", p.official_url)
      .bind_int(":listed", p.listed ? 1 : 0)
      .bind_int(":updated_at", p.updated_at);
}

Result<std::optional<CatalogProduct>> one_product(Statement& select) {
  std::optional<CatalogProduct> found;
  if (auto ok = select.each([&](const Row& row) { found = product_from(row); }); !ok)
    return std::unexpected(ok.error());
  return found;
}

Result<std::int64_t> one_integer(Statement& select) {
  std::int64_t value = 0;
  if (auto ok = select.each([&](const Row& row) { value = row.int64(0); }); !ok) return std::unexpected(ok.error());
  return value;
}

}  // namespace

struct SqliteProductRepository::Statements {
  explicit Statements(Connection& c)
      : conn(c),
        list_all(c, select_products(kOrder)),
        list_listed(c, select_products(std::string(" WHERE listed = 1") + kOrder)),
        find(c, select_products(" WHERE id = :id")),
        count(c, "SELECT count(*) FROM products"),
        same_name(c, "SELECT count(*) FROM products WHERE name = :name AND id <> :id"),
        insert(c, std::string("INSERT INTO products (name, kind, release_date, official_url, listed, demo, created_at,"
                              " updated_at) VALUES (:name, :kind, :release_date, :official_url, :listed, :demo,"
                              " :created_at, :updated_at) RETURNING ") +
                      kColumns),
        update(c, std::string("UPDATE products SET name = :name, kind = :kind, release_date = :release_date,"
                              " official_url = :official_url, listed = :listed, updated_at = :updated_at"
                              " WHERE id = :id RETURNING ") +
                      kColumns),
        remove(c, "DELETE FROM products WHERE id = :id"),
        in_use(c, "SELECT EXISTS (SELECT 1 FROM lotteries WHERE product_id = :id)"),
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
  Statement in_use;
  AuditWrites audit;
};

namespace {

using Statements = SqliteProductRepository::Statements;

// kConflict when another product (not `id`) has the name: names are what people pick by.
Result<void> name_is_free(Statements& st, const std::string& name, CatalogProductId id) {
  auto n = one_integer(st.same_name.bind_text(":name", name).bind_int(":id", id));
  if (!n) return std::unexpected(n.error());
  if (*n > 0) return fail(ErrorCode::kConflict, msg::kProductNameTaken);
  return {};
}

Result<CatalogProduct> insert_row(Statements& st, const CatalogProduct& p) {
  auto row =
      one_product(bind_fields(st.insert, p).bind_int(":demo", p.demo ? 1 : 0).bind_int(":created_at", p.created_at));
  if (!row) return std::unexpected(row.error());
  return std::move(**row);  // RETURNING gives the row it inserted
}

}  // namespace

SqliteProductRepository::SqliteProductRepository(Database& db) : statements_(db, "products") {}
SqliteProductRepository::~SqliteProductRepository() = default;

Result<std::vector<CatalogProduct>> SqliteProductRepository::list(bool listed_only) {
  return statements_.with([&](Statements& st) -> Result<std::vector<CatalogProduct>> {
    std::vector<CatalogProduct> out;
    auto ok =
        (listed_only ? st.list_listed : st.list_all).each([&](const Row& row) { out.push_back(product_from(row)); });
    if (!ok) return std::unexpected(ok.error());
    return out;
  });
}

Result<std::optional<CatalogProduct>> SqliteProductRepository::find(CatalogProductId id) {
  return statements_.with([&](Statements& st) { return one_product(st.find.bind_int(":id", id)); });
}

Result<CatalogProduct> SqliteProductRepository::insert(const CatalogProduct& product, AuditRecord audit,
                                                       std::size_t max_products) {
  return statements_.with([&](Statements& st) -> Result<CatalogProduct> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto count = one_integer(st.count);
    if (!count) return std::unexpected(count.error());
    if (*count >= static_cast<std::int64_t>(max_products))
      return fail(ErrorCode::kConflict,
                  fill_placeholder(msg::kProductCatalogFull, "{max}", std::to_string(max_products)));
    if (auto ok = name_is_free(st, product.name, 0); !ok) return std::unexpected(ok.error());
    auto inserted = insert_row(st, product);
    if (!inserted) return inserted;
    audit.target_id = std::to_string(inserted->id);
    if (auto ok = st.audit.append(audit); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return inserted;
  });
}

Result<std::optional<CatalogProduct>> SqliteProductRepository::update(CatalogProductId id,
                                                                      const ProductDecision& decide) {
  return statements_.with([&](Statements& st) -> Result<std::optional<CatalogProduct>> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto current = one_product(st.find.bind_int(":id", id));
    if (!current || !*current) return current;
    auto change = decide(**current);
    if (!change) return std::unexpected(change.error());
    if (auto ok = name_is_free(st, change->after.name, id); !ok) return std::unexpected(ok.error());
    auto updated = one_product(bind_fields(st.update, change->after).bind_int(":id", id));
    if (!updated) return updated;
    if (auto ok = st.audit.append(change->audit); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return updated;
  });
}

Result<bool> SqliteProductRepository::remove(CatalogProductId id,
                                             const std::function<AuditRecord(const CatalogProduct&)>& audit) {
  return statements_.with([&](Statements& st) -> Result<bool> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto current = one_product(st.find.bind_int(":id", id));
    if (!current) return std::unexpected(current.error());
    if (!*current) return false;
    auto used = one_integer(st.in_use.bind_int(":id", id));
    if (!used) return std::unexpected(used.error());
    if (*used != 0) return fail(ErrorCode::kConflict, msg::kProductInUse);
    if (auto ok = st.remove.bind_int(":id", id).run(); !ok) return std::unexpected(ok.error());
    if (auto ok = st.audit.append(audit(**current)); !ok) return std::unexpected(ok.error());
    if (auto ok = tx->commit(); !ok) return std::unexpected(ok.error());
    return true;
  });
}

Result<void> SqliteProductRepository::insert_demo(const std::vector<CatalogProduct>& products) {
  return statements_.with([&](Statements& st) -> Result<void> {
    auto tx = Transaction::begin(st.conn, TransactionMode::kWrite);
    if (!tx) return std::unexpected(tx.error());
    auto count = one_integer(st.count);
    if (!count) return std::unexpected(count.error());
    if (*count > 0) return {};  // the catalogue is the admins' once it has anything
    for (const auto& p : products)
      if (auto ok = insert_row(st, p); !ok) return std::unexpected(ok.error());
    return tx->commit();
  });
}

}  // namespace pokeca::storage
