#pragma once
// SHA-256 of a file, read in pieces (a database file can be larger than memory should hold).
#include <filesystem>
#include <optional>
#include <string>

namespace pokeca::crypto {

// Lowercase hex SHA-256 of the file's bytes; nullopt when it cannot be read.
[[nodiscard]] std::optional<std::string> sha256_file_hex(const std::filesystem::path& file);

}  // namespace pokeca::crypto
