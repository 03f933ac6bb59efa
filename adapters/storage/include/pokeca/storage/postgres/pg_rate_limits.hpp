#pragma once
// SharedRateLimits over PostgreSQL (migration 012): one allowance per key for every server
// of the database, moved by one atomic upsert per request (GCRA, as RateLimiter's own).
#include <atomic>
#include <cstdint>

#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

// Every this many requests a server deletes the keys whose allowance is full again.
inline constexpr std::uint64_t kRateLimitSweepEvery = 1024;

class PgRateLimits final : public SharedRateLimits {
 public:
  explicit PgRateLimits(Database& db);  // throws StorageError
  ~PgRateLimits() override;

  Result<RateLimiter::Decision> hit(std::string_view key, const RateLimit& limit, UnixSeconds now) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
  std::atomic<std::uint64_t> hits_{0};
};

}  // namespace pokeca::storage::postgres
