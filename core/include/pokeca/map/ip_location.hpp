#pragma once
// PRODUCT §6's second current-location fallback: an approximate position for the
// caller's IP address, when the operator configured an IP database (--ip-db).
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "pokeca/shared/geo.hpp"

namespace pokeca {

struct IpLocation {
  LatLng point;
  int accuracy_km = 0;  // the database's radius; 0 when it gives none
};

// Port: the storage adapter for .mmdb files implements it; lookups are thread-safe.
class IpLocator {
 public:
  virtual ~IpLocator() = default;
  // The position for a textual IPv4/IPv6 address, or nothing (unknown, private, not in Japan).
  [[nodiscard]] virtual std::optional<IpLocation> locate(std::string_view ip) const = 0;
};

// No database configured: every lookup finds nothing (GET /geo/ip answers 404).
class NoIpLocator final : public IpLocator {
 public:
  [[nodiscard]] std::optional<IpLocation> locate(std::string_view /*ip*/) const override { return std::nullopt; }
};
inline const NoIpLocator kNoIpLocator;

// Several databases asked in order (some distributions ship IPv4 and IPv6 apart): the
// first position found wins.
class FirstIpLocator final : public IpLocator {
 public:
  explicit FirstIpLocator(std::vector<std::unique_ptr<IpLocator>> locators) : locators_(std::move(locators)) {}
  [[nodiscard]] std::optional<IpLocation> locate(std::string_view ip) const override;

 private:
  std::vector<std::unique_ptr<IpLocator>> locators_;
};

// A database position is useful to this site only inside Japan (the map has nothing
// elsewhere), and only when it is a real point (not 0,0 "unknown").
[[nodiscard]] bool usable_ip_location(const IpLocation& location);

}  // namespace pokeca
