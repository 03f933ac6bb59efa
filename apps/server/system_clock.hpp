#pragma once
#include <chrono>

#include "pokeca/shared/time.hpp"

namespace pokeca::server {

class SystemClock final : public Clock {
 public:
  [[nodiscard]] UnixSeconds now() const override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

}  // namespace pokeca::server
