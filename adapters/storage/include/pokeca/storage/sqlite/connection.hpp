#pragma once
// One SQLite connection, opened the way every connection must be: WAL, foreign keys
// on, a busy timeout, synchronous=NORMAL (FULL on request). Used by one thread at a
// time (the pool hands it out), so it is opened without SQLite's own mutex.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string_view>

#include "pokeca/shared/errors.hpp"

struct sqlite3;

namespace pokeca::storage {

class Statement;

// How long a writer waits for another writer before SQLITE_BUSY (→ kUnavailable).
inline constexpr std::chrono::milliseconds kBusyTimeout{5000};
// Page cache per connection; it holds the pages past kMmapBytes.
inline constexpr std::int64_t kPageCacheKiB = 16 * 1024;
// Lets reads of the first 16 MiB of the file skip copying pages. Every connection maps the
// file on its own and RSS counts a page once per map that touched it: a 1 GiB map grew RSS
// with the file (453 MiB after 4,000 mixed requests at 1,000,000 stores), 64 MiB gave
// 181–242 MiB, 16 MiB 151–157 MiB for the same CPU (no map at all cost 1.5x the CPU).
// The 12,000-store demo file (~16 MB) still fits (bench/RESULTS.md).
inline constexpr std::int64_t kMmapBytes = std::int64_t{16} << 20;
// After a checkpoint the WAL file is cut back to this, so one big import does not
// leave a file of its size behind.
inline constexpr std::int64_t kWalSizeLimitBytes = std::int64_t{64} << 20;

enum class Durability {
  kNormal,  // synchronous=NORMAL: WAL keeps the file consistent; a power cut may lose the last commits
  kFull,    // synchronous=FULL: every commit survives a power cut
};

struct ConnectionSettings {
  Durability durability = Durability::kNormal;
  std::chrono::milliseconds busy_timeout = kBusyTimeout;
};

class Connection {
 public:
  // Opens (creating if needed) and configures; throws StorageError.
  Connection(const std::filesystem::path& file, const ConnectionSettings& settings);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  [[nodiscard]] sqlite3* handle() const { return db_; }

  // Runs SQL text that may hold several statements and returns no rows (migrations).
  Result<void> exec(std::string_view sql);

  // Transaction control, prepared once per connection (see Transaction).
  Statement& begin_deferred() { return *begin_deferred_; }
  Statement& begin_immediate() { return *begin_immediate_; }
  Statement& commit() { return *commit_; }
  Statement& rollback() { return *rollback_; }

 private:
  void configure(const ConnectionSettings& settings);

  sqlite3* db_ = nullptr;
  std::unique_ptr<Statement> begin_deferred_, begin_immediate_, commit_, rollback_;
};

}  // namespace pokeca::storage
