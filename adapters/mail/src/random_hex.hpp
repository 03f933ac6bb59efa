#pragma once
// Unpredictable hex for file names and Message-IDs (std::random_device: the kernel's
// generator on Linux). Thread-safe: each call uses its own device.
#include <string>

namespace pokeca::mail {

[[nodiscard]] std::string random_hex(int bytes);

}  // namespace pokeca::mail
