#include "repositories/store_rows.hpp"

#include <charconv>
#include <optional>
#include <system_error>

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage::postgres {
namespace {

// kStoreColumns: last_pack_at, last_pack_kind, then box, then single, at the end.
constexpr int kFirstLatestColumn = kStoreColumnCount - 2 * static_cast<int>(kProductCount);

std::optional<bool> read_sells(const Rows& rows, int i, int col) {
  if (rows.is_null(i, col)) return std::nullopt;
  return rows.boolean(i, col);
}

std::unexpected<DomainError> unknown(std::string_view column, std::string_view text, StoreId id) {
  return fail_logged(
      ErrorCode::kInternal, msg::kInternal,
      "store " + std::to_string(id) + ": unknown " + std::string(column) + " '" + std::string(text) + "'");
}

std::string p(int n) { return "$" + std::to_string(n); }

std::string type_and_product(int first) {
  const auto types = p(first) + "::text[]";
  const auto product = p(first + 1) + "::text";
  return "s.status = 'active'"
         " AND (" +
         types + " IS NULL OR s.store_type = ANY (" + types +
         "))"
         " AND (" +
         product +
         " IS NULL"
         " OR (" +
         product +
         " = 'pack' AND s.sells_packs)"
         " OR (" +
         product +
         " = 'box' AND s.sells_boxes)"
         " OR (" +
         product + " = 'single' AND s.sells_singles))";
}

Param optional_param(const std::optional<std::int64_t>& v) { return v ? Param(*v) : Param::null(); }

std::string lottery_open(int first) {
  const auto at = p(first + 3) + "::bigint";
  const auto until = p(first + 4) + "::bigint";
  return " AND (" + at + " IS NULL OR EXISTS (SELECT 1 FROM lotteries AS l WHERE l.store_id = s.id" +
         " AND l.status = 'approved' AND l.apply_end > " + at + " AND l.apply_start <= " + at + " AND (" + until +
         " IS NULL OR l.apply_end <= " + until + ")))";
}

}  // namespace

std::string open_lottery_stores(int first) {
  const auto at = p(first + 3) + "::bigint";
  const auto until = p(first + 4) + "::bigint";
  return "s.id IN (SELECT l.store_id FROM lotteries AS l WHERE l.status = 'approved' AND l.apply_end > " + at +
         " AND l.apply_start <= " + at + " AND (" + until + " IS NULL OR l.apply_end <= " + until + "))";
}

std::string placeholders(int first, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += (i == 0 ? "" : ", ") + p(first + i);
  return out;
}

std::string active_and_filtered(int first) {
  const auto product = p(first + 1) + "::text";
  const auto since = p(first + 2) + "::bigint";
  return type_and_product(first) + " AND (" + since + " IS NULL OR CASE " + product +
         " WHEN 'pack' THEN s.last_pack_kind = 'bought' AND s.last_pack_at >= " + since +
         " WHEN 'box' THEN s.last_box_kind = 'bought' AND s.last_box_at >= " + since +
         " WHEN 'single' THEN s.last_single_kind = 'bought' AND s.last_single_at >= " + since +
         " ELSE s.last_report_kind = 'bought' AND s.last_report_at >= " + since + " END)" + lottery_open(first);
}

std::string counted_in_clusters(int first) {
  const auto product = p(first + 1) + "::text";
  const auto since = p(first + 2) + "::bigint";
  return type_and_product(first) + " AND (" + since + " IS NULL OR (s.last_report_at >= " + since + " AND CASE " +
         product +
         " WHEN 'pack' THEN s.last_pack_kind = 'bought'"
         " WHEN 'box' THEN s.last_box_kind = 'bought'"
         " WHEN 'single' THEN s.last_single_kind = 'bought'"
         " ELSE s.last_report_kind = 'bought' END))" +
         lottery_open(first);
}

void append_filter_params(std::vector<Param>& params, const StoreFilters& f) {
  params.push_back(f.types.empty() ? Param::null() : Param(text_array(f.types)));
  params.push_back(f.product ? Param(to_string(*f.product)) : Param::null());
  params.push_back(optional_param(f.reported_since));
  params.push_back(optional_param(f.lottery_open_at));
  params.push_back(optional_param(f.lottery_ends_by));
}

Result<Store> read_store(const Rows& rows, int i) {
  Store s;
  s.id = rows.int64(i, 0);
  s.name = rows.text(i, 1);
  s.store_type = rows.text(i, 2);
  s.prefecture = rows.text(i, 3);
  s.city = rows.text(i, 4);
  s.address = rows.text(i, 5);
  s.location = {rows.real(i, 6), rows.real(i, 7)};
  const auto precision = location_precision_from(rows.text(i, 8));
  if (!precision) return unknown("location_precision", rows.text(i, 8), s.id);
  s.precision = *precision;
  s.sells = {read_sells(rows, i, 9), read_sells(rows, i, 10), read_sells(rows, i, 11)};
  const auto status = store_status_from(rows.text(i, 12));
  if (!status) return unknown("status", rows.text(i, 12), s.id);
  s.status = *status;
  const auto source = store_source_from(rows.text(i, 13));
  if (!source) return unknown("source", rows.text(i, 13), s.id);
  s.source = *source;
  s.external_id = rows.text(i, 14);
  s.created_at = rows.int64(i, 15);
  s.updated_at = rows.int64(i, 16);
  s.last_report_at = rows.optional_int64(i, 17);
  if (!rows.is_null(i, 18)) {
    const auto kind = report_kind_from(rows.text(i, 18));
    if (!kind) return unknown("last_report_kind", rows.text(i, 18), s.id);
    s.last_report_kind = kind;
  }
  for (std::size_t product = 0; product < kProductCount; ++product) {
    const int at = kFirstLatestColumn + 2 * static_cast<int>(product);
    if (rows.is_null(i, at) || rows.is_null(i, at + 1)) continue;
    const auto kind = report_kind_from(rows.text(i, at + 1));
    if (!kind) return unknown("last report kind", rows.text(i, at + 1), s.id);
    s.latest_by_product[product] = LatestReport{rows.int64(i, at), *kind};
  }
  return s;
}

namespace {
Param sells_param(const std::optional<bool>& v) { return v ? Param(*v) : Param::null(); }
}  // namespace

void append_store_params(std::vector<Param>& params, const Store& s) {
  params.insert(params.end(), {Param(s.name), Param(s.store_type), Param(s.prefecture), Param(s.city), Param(s.address),
                               Param(float_text(s.location.lat)), Param(float_text(s.location.lng)),
                               Param(to_string(s.precision)), sells_param(s.sells.packs), sells_param(s.sells.boxes),
                               sells_param(s.sells.singles), Param(to_string(s.status)), Param(to_string(s.source)),
                               // The UNIQUE column allows many NULLs: "none" is NULL, not ''.
                               s.external_id.empty() ? Param::null() : Param(s.external_id), Param(s.created_at),
                               Param(s.updated_at), optional_param(s.last_report_at),
                               s.last_report_kind ? Param(to_string(*s.last_report_kind)) : Param::null()});
  for (std::size_t product = 0; product < kProductCount; ++product) {
    const auto& latest = s.latest_by_product[product];
    params.push_back(latest ? Param(latest->at) : Param::null());
    params.push_back(latest ? Param(to_string(latest->kind)) : Param::null());
  }
}

std::string float_text(double x) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(x);
}

std::string contains_pattern(std::string_view text) {
  std::string out = "%";
  for (const char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + "%";
}

std::string text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const auto& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (const char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  out += '}';
  return out;
}

bool same_content(const Store& a, const Store& b) {
  return a.name == b.name && a.store_type == b.store_type && a.prefecture == b.prefecture && a.city == b.city &&
         a.address == b.address && a.location.lat == b.location.lat && a.location.lng == b.location.lng &&
         a.precision == b.precision && a.sells.packs == b.sells.packs && a.sells.boxes == b.sells.boxes &&
         a.sells.singles == b.sells.singles && a.status == b.status && a.source == b.source;
}

}  // namespace pokeca::storage::postgres
