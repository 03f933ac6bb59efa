#include "repositories/store_rows.hpp"

#include <cstdio>
#include <optional>

#include "pokeca/shared/messages.hpp"

namespace pokeca::storage {
namespace {

// kStoreColumns: last_pack_at, last_pack_kind, then box, then single, at the end.
constexpr int kFirstLatestColumn = kStoreColumnCount - 2 * static_cast<int>(kProductCount);

std::optional<bool> read_sells(const Row& row, int col) {
  if (row.is_null(col)) return std::nullopt;
  return row.int64(col) != 0;
}

std::unexpected<DomainError> unknown(std::string_view column, std::string_view text, StoreId id) {
  return fail_logged(
      ErrorCode::kInternal, msg::kInternal,
      "store " + std::to_string(id) + ": unknown " + std::string(column) + " '" + std::string(text) + "'");
}

}  // namespace

Result<Store> read_store(const Row& row) {
  Store s;
  s.id = row.int64(0);
  s.name = row.text(1);
  s.store_type = row.text(2);
  s.prefecture = row.text(3);
  s.city = row.text(4);
  s.address = row.text(5);
  s.location = {row.real(6), row.real(7)};
  const auto precision = location_precision_from(row.text(8));
  if (!precision) return unknown("location_precision", row.text(8), s.id);
  s.precision = *precision;
  s.sells = {read_sells(row, 9), read_sells(row, 10), read_sells(row, 11)};
  const auto status = store_status_from(row.text(12));
  if (!status) return unknown("status", row.text(12), s.id);
  s.status = *status;
  const auto source = store_source_from(row.text(13));
  if (!source) return unknown("source", row.text(13), s.id);
  s.source = *source;
  s.external_id = row.text(14);
  s.created_at = row.int64(15);
  s.updated_at = row.int64(16);
  s.last_report_at = row.optional_int64(17);
  if (!row.is_null(18)) {
    const auto kind = report_kind_from(row.text(18));
    if (!kind) return unknown("last_report_kind", row.text(18), s.id);
    s.last_report_kind = kind;
  }
  for (std::size_t p = 0; p < kProductCount; ++p) {
    const int at = kFirstLatestColumn + 2 * static_cast<int>(p);
    if (row.is_null(at) || row.is_null(at + 1)) continue;
    const auto kind = report_kind_from(row.text(at + 1));
    if (!kind) return unknown("last report kind", row.text(at + 1), s.id);
    s.latest_by_product[p] = LatestReport{row.int64(at), *kind};
  }
  return s;
}

void bind_store(Statement& st, const Store& s) {
  st.bind_text(":name", s.name)
      .bind_text(":store_type", s.store_type)
      .bind_text(":prefecture", s.prefecture)
      .bind_text(":city", s.city)
      .bind_text(":address", s.address)
      .bind_real(":lat", s.location.lat)
      .bind_real(":lng", s.location.lng)
      .bind_text(":precision", to_string(s.precision))
      .bind_bool(":sells_packs", s.sells.packs)
      .bind_bool(":sells_boxes", s.sells.boxes)
      .bind_bool(":sells_singles", s.sells.singles)
      .bind_text(":status", to_string(s.status))
      .bind_text(":source", to_string(s.source))
      .bind_int(":created_at", s.created_at)
      .bind_int(":updated_at", s.updated_at)
      .bind_int(":last_report_at", s.last_report_at);
  // The UNIQUE column allows many NULLs but only one '', so "none" is NULL.
  if (s.external_id.empty())
    st.bind_null(":external_id");
  else
    st.bind_text(":external_id", s.external_id);
  if (s.last_report_kind)
    st.bind_text(":last_report_kind", to_string(*s.last_report_kind));
  else
    st.bind_null(":last_report_kind");
  for (std::size_t p = 0; p < kProductCount; ++p) {
    const auto& latest = s.latest_by_product[p];
    const auto& [at, kind] = kLatestParams[p];
    if (latest) {
      st.bind_int(at, latest->at).bind_text(kind, to_string(latest->kind));
    } else {
      st.bind_null(at);
      st.bind_null(kind);
    }
  }
}

void bind_filters(Statement& st, const StoreFilters& f) {
  if (f.types.empty())
    st.bind_null(":types");
  else
    st.bind_text(":types", json_string_array(f.types));
  if (f.product)
    st.bind_text(":product", to_string(*f.product));
  else
    st.bind_null(":product");
  st.bind_int(":since", f.reported_since);
  st.bind_int(":lottery_at", f.lottery_open_at);
  st.bind_int(":lottery_until", f.lottery_ends_by);
}

std::string json_string_array(const std::vector<std::string>& items) {
  std::string out = "[";
  for (const auto& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (const char c : item) {
      if (c == '"' || c == '\\') {
        out += '\\';
        out += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
        out += escaped;
      } else {
        out += c;
      }
    }
    out += '"';
  }
  out += ']';
  return out;
}

bool same_content(const Store& a, const Store& b) {
  return a.name == b.name && a.store_type == b.store_type && a.prefecture == b.prefecture && a.city == b.city &&
         a.address == b.address && a.location.lat == b.location.lat && a.location.lng == b.location.lng &&
         a.precision == b.precision && a.sells.packs == b.sells.packs && a.sells.boxes == b.sells.boxes &&
         a.sells.singles == b.sells.singles && a.status == b.status && a.source == b.source;
}

}  // namespace pokeca::storage
