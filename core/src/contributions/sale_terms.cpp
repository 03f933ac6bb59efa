#include "pokeca/contributions/sale_terms.hpp"

#include <array>
#include <utility>

namespace pokeca {
namespace {

constexpr std::array kMethods{std::pair{SaleMethod::kFirstCome, std::string_view("first_come")},
                              std::pair{SaleMethod::kTicket, std::string_view("ticket")},
                              std::pair{SaleMethod::kStoreLottery, std::string_view("store_lottery")},
                              std::pair{SaleMethod::kReservation, std::string_view("reservation")}};
constexpr std::array kUnits{std::pair{LimitUnit::kPack, std::string_view("pack")},
                            std::pair{LimitUnit::kBox, std::string_view("box")},
                            std::pair{LimitUnit::kItem, std::string_view("item")}};

template <typename Enum, std::size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& names, Enum value) {
  for (const auto& [v, name] : names)
    if (v == value) return name;
  return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_of(const std::array<std::pair<Enum, std::string_view>, N>& names, std::string_view text) {
  for (const auto& [v, name] : names)
    if (name == text) return v;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(SaleMethod method) { return name_of(kMethods, method); }
std::string_view to_string(LimitUnit unit) { return name_of(kUnits, unit); }
std::optional<SaleMethod> sale_method_from(std::string_view text) { return value_of(kMethods, text); }
std::optional<LimitUnit> limit_unit_from(std::string_view text) { return value_of(kUnits, text); }

}  // namespace pokeca
