#include "pokeca/storage/postgres/pg_rate_limits.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pokeca/storage/postgres/statement.hpp"
#include "repositories/store_rows.hpp"

namespace pokeca::storage::postgres {

struct PgRateLimits::Statements {
  explicit Statements(Connection& c)
      :  // Allowed: the key's time moves on by one interval, unless that puts it more than a
         // window ahead of now; no row back means refused (and nothing counted).
        hit(c,
            "INSERT INTO rate_limits AS r (key, tat) VALUES (sha256(convert_to($1, 'UTF8')), $2::float8 + $3::float8)"
            " ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat, $2::float8) + $3::float8"
            " WHERE greatest(r.tat, $2::float8) + $3::float8 - $2::float8 <= $4::float8"
            " RETURNING tat"),
        tat(c, "SELECT tat FROM rate_limits WHERE key = sha256(convert_to($1, 'UTF8'))"),
        sweep(c, "DELETE FROM rate_limits WHERE tat <= $1::float8") {}

  Statement hit, tat, sweep;
};

PgRateLimits::PgRateLimits(Database& db) : statements_(db, "rate_limits") {}
PgRateLimits::~PgRateLimits() = default;

Result<RateLimiter::Decision> PgRateLimits::hit(std::string_view key, const RateLimit& limit, UnixSeconds now) {
  const double t = static_cast<double>(now);
  const double interval = static_cast<double>(limit.window_seconds) / static_cast<double>(limit.max_requests);
  const double window = static_cast<double>(limit.window_seconds);
  const bool sweep = hits_.fetch_add(1, std::memory_order_relaxed) % kRateLimitSweepEvery == kRateLimitSweepEvery - 1;
  return statements_.with([&](Statements& st) -> Result<RateLimiter::Decision> {
    if (sweep) {
      if (auto swept = st.sweep.run({float_text(t)}); !swept) return std::unexpected(swept.error());
    }
    auto allowed = st.hit.run({std::string(key), float_text(t), float_text(interval), float_text(window)});
    if (!allowed) return std::unexpected(allowed.error());
    if (!allowed->empty()) return RateLimiter::Decision{true, 0};
    auto tat = st.tat.run({std::string(key)});
    if (!tat) return std::unexpected(tat.error());
    const double next = (tat->empty() ? t : std::max(tat->real(0, 0), t)) + interval;
    const auto wait = static_cast<std::int64_t>(std::ceil(next - window - t));
    return RateLimiter::Decision{false, std::max<std::int64_t>(1, wait)};
  });
}

}  // namespace pokeca::storage::postgres
