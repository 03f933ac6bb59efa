#pragma once
// sodium_init() once per process, before any other libsodium call.
namespace pokeca::crypto {
void ensure_sodium();  // throws std::runtime_error if libsodium cannot start
}
