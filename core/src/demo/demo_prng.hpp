#pragma once
// The demo data's random numbers: splitmix64, tiny, fast and the same on every platform
// (no <random> distributions, whose output differs between standard libraries).
#include <cstddef>
#include <cstdint>

namespace pokeca {

class DemoPrng {
 public:
  explicit DemoPrng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(unit() * static_cast<double>(n)); }
  bool chance(double p) { return unit() < p; }

 private:
  std::uint64_t state_;
};

}  // namespace pokeca
