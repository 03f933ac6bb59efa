#include "sodium.hpp"

#include <sodium.h>

#include <stdexcept>

namespace pokeca::crypto {

void ensure_sodium() {
  // Thread-safe and idempotent: returns 1 when already initialised.
  static const int result = sodium_init();
  if (result < 0) throw std::runtime_error("libsodium could not be initialised");
}

}  // namespace pokeca::crypto
