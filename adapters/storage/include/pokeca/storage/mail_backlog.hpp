#pragma once
// What either backend's mail queue reports to the operator's metrics.
#include <cstdint>
#include <optional>

#include "pokeca/shared/time.hpp"

namespace pokeca::storage {

// Mail not yet sent nor given up (pending or being sent).
struct MailBacklog {
  std::int64_t unsent = 0;
  std::optional<UnixSeconds> oldest_created_at;  // none when nothing is waiting
};

}  // namespace pokeca::storage
