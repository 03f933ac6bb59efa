#include "pokeca/map/store.hpp"

#include <array>
#include <utility>

namespace pokeca {
namespace {

template <typename E, std::size_t N>
using Names = std::array<std::pair<E, std::string_view>, N>;

constexpr Names<LocationPrecision, 3> kPrecision{{{LocationPrecision::kExact, "exact"},
                                                  {LocationPrecision::kMunicipality, "municipality"},
                                                  {LocationPrecision::kPrefecture, "prefecture"}}};
constexpr Names<StoreStatus, 3> kStatus{
    {{StoreStatus::kActive, "active"}, {StoreStatus::kHidden, "hidden"}, {StoreStatus::kClosed, "closed"}}};
constexpr Names<StoreSource, 3> kSource{
    {{StoreSource::kDemo, "demo"}, {StoreSource::kImport, "import"}, {StoreSource::kSubmission, "submission"}}};
constexpr Names<Product, 3> kProduct{{{Product::kPack, "pack"}, {Product::kBox, "box"}, {Product::kSingle, "single"}}};
constexpr Names<ReportKind, 2> kKind{{{ReportKind::kBought, "bought"}, {ReportKind::kSoldOut, "sold_out"}}};

template <typename E, std::size_t N>
std::string_view name_of(const Names<E, N>& names, E value) {
  for (const auto& [e, name] : names)
    if (e == value) return name;
  return {};
}

template <typename E, std::size_t N>
std::optional<E> value_of(const Names<E, N>& names, std::string_view text) {
  for (const auto& [e, name] : names)
    if (name == text) return e;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(LocationPrecision p) { return name_of(kPrecision, p); }
std::string_view to_string(StoreStatus s) { return name_of(kStatus, s); }
std::string_view to_string(StoreSource s) { return name_of(kSource, s); }
std::string_view to_string(Product p) { return name_of(kProduct, p); }
std::string_view to_string(ReportKind k) { return name_of(kKind, k); }
std::optional<LocationPrecision> location_precision_from(std::string_view s) { return value_of(kPrecision, s); }
std::optional<StoreStatus> store_status_from(std::string_view s) { return value_of(kStatus, s); }
std::optional<StoreSource> store_source_from(std::string_view s) { return value_of(kSource, s); }
std::optional<Product> product_from(std::string_view s) { return value_of(kProduct, s); }
std::optional<ReportKind> report_kind_from(std::string_view s) { return value_of(kKind, s); }

}  // namespace pokeca
