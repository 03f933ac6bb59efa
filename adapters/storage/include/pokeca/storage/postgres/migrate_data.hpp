#pragma once
// Moving a site from SQLite to PostgreSQL: every table of the SQLite file, every photo file
// and the signing key, into an empty PostgreSQL database, in one transaction (interrupted,
// the target stays empty), checked row for row before the commit.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pokeca::storage::postgres {

struct MigrationSource {
  std::filesystem::path database;     // the SQLite file, at this program's schema
  std::filesystem::path photo_dir;    // FilePhotoStore's folder (may be missing: no photos)
  std::filesystem::path signing_key;  // the key file (may be missing: the server makes one)
  std::filesystem::path vapid_key;    // the Web Push key file (may be missing, likewise)
};

// What was copied, and the same figures read back from PostgreSQL before the commit.
struct CopiedTable {
  std::string name;
  std::int64_t source_rows = 0;
  std::int64_t target_rows = 0;
  std::string source_checksum;  // 16 hex digits, the sum of the rows' hashes (order-free)
  std::string target_checksum;
};

struct MigrationReport {
  std::vector<CopiedTable> tables;  // the photos and the signing key as the last two
};

// Lower-case hex SHA-256 of the bytes (the caller's crypto adapter).
using Sha256Hex = std::function<std::string(std::string_view bytes)>;

// Migrates the target's schema, refuses it unless every table is empty, copies, compares
// each table's count and checksum, and commits only when all agree. Throws StorageError
// with one line on any failure (the target is then left as it was).
[[nodiscard]] MigrationReport migrate_data(const MigrationSource& source, const std::string& conninfo,
                                           const Sha256Hex& sha256_hex);

}  // namespace pokeca::storage::postgres
