#include "random_hex.hpp"

#include <random>

namespace pokeca::mail {

std::string random_hex(int bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::random_device device;
  std::string out;
  out.reserve(static_cast<std::size_t>(bytes) * 2);
  unsigned int pool = 0;
  int left = 0;
  for (int i = 0; i < bytes; ++i) {
    if (left == 0) {
      pool = device();
      left = 4;
    }
    const unsigned byte = pool & 0xFFU;
    pool >>= 8U;
    --left;
    out += kDigits[byte >> 4U];
    out += kDigits[byte & 0xFU];
  }
  return out;
}

}  // namespace pokeca::mail
