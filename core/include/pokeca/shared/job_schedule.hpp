#pragma once
// Periodic work (sweeps, clean-ups) that the servers of one database share: a run is claimed
// before it is done, so one server does it per interval, and when that server dies another
// claims the next interval. One server alone claims every run.
#include <string_view>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

class JobSchedule {
 public:
  virtual ~JobSchedule() = default;
  // True when the caller should run `job` now: no run of it was claimed in the last
  // `interval` seconds (by any server); the claim is then this caller's.
  virtual Result<bool> claim(std::string_view job, UnixSeconds interval, UnixSeconds now) = 0;
};

// The only server: every run is its own.
class LocalJobSchedule final : public JobSchedule {
 public:
  Result<bool> claim(std::string_view /*job*/, UnixSeconds /*interval*/, UnixSeconds /*now*/) override { return true; }
};

}  // namespace pokeca
