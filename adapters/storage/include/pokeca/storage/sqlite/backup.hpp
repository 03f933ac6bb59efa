#pragma once
// The database's part of a backup: a consistent copy of a live file, and the checks a
// restore is proved by.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pokeca::storage {

// The tables whose row counts a backup records and a restore compares: what users made.
inline constexpr std::array<std::string_view, 7> kCountedTables{
    "stores", "purchase_reports", "users", "store_submissions", "submission_photos", "favorites", "saved_routes"};

// Copies the database `from` into the new file `to` (which must not exist) with SQLite's
// online backup, all pages in one step: one read transaction, so the copy is the database
// of one moment while other connections keep writing (a WAL reader blocks no writer).
// Throws StorageError.
void backup_database(const std::filesystem::path& from, const std::filesystem::path& to);

// `PRAGMA integrity_check` of a database file: "ok", or the problems SQLite found.
[[nodiscard]] std::string integrity_check(const std::filesystem::path& file);

// The row count of each of kCountedTables, in that order, read in one snapshot.
[[nodiscard]] std::vector<std::pair<std::string, std::int64_t>> table_counts(const std::filesystem::path& file);

}  // namespace pokeca::storage
