#pragma once
// The one typed configuration: flags override POKECA_* environment variables,
// which override the defaults. Validated at start; passed by value.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/shared/rate_limiter.hpp"

namespace pokeca::server {

// A second decoder when the machine has the cores for it: one account's
// large HEIC photos then hold up at most one of the two.
inline constexpr unsigned kCoresForASecondDecoder = 4;
inline unsigned default_upload_threads() {
  return std::thread::hardware_concurrency() >= kCoresForASecondDecoder ? 2 : 1;
}

// The HTTP server's kDefaultMaxConnectionsPerAddress (main.cpp checks that they agree).
inline constexpr unsigned kDefaultConnectionsPerAddress = 256;
inline constexpr unsigned kMaxConnectionsPerAddress = 4096;

struct Config {
  std::filesystem::path data_dir = "var";  // database, outbox, secrets
  std::filesystem::path static_dir;        // built frontend; empty = auto-detect
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8080;
  unsigned io_threads = 1;
  unsigned worker_threads = 0;  // 0 = one per usable CPU, 1-4 (http::default_worker_threads)
  bool demo_data = true;        // load the demo dataset into an empty database
  std::string base_url;         // public URL for mail links; empty = http://localhost:PORT
  // Map tiles; unset = http::RouterConfig's defaults (GSI standard map), the one place.
  std::optional<std::string> tile_url;
  std::optional<std::string> tile_attribution;
  std::optional<int> tile_max_zoom;
  std::string contact_url = "https://x.com/pokeca_map";
  std::optional<std::string> analytics_id;
  // Open connections one client address may hold (behind a trusted proxy: requests per forwarded address).
  unsigned connections_per_address = kDefaultConnectionsPerAddress;
  std::string smtp_url;                                // empty = write mails to <data_dir>/outbox
  std::string mail_from;                               // sender address; required with smtp_url
  bool trusted_proxy = false;                          // honour X-Forwarded-For (a reverse proxy is in front)
  RateLimits rate_limits{};                            // core's named limits, overridable by name
  unsigned auth_threads = 1;                           // slow lane: password hashing (Argon2id, 64 MiB each)
  unsigned upload_threads = default_upload_threads();  // upload lane: photo submissions (a decoder process each)
  std::filesystem::path photo_worker;                  // pokeca-photo-worker; empty = next to this binary
  std::vector<std::filesystem::path> ip_db;            // MaxMind-format .mmdb files for GET /geo/ip; empty = none
  std::filesystem::path log_file;  // every log line appended here, reopened on SIGHUP; empty = stderr
  // PostgreSQL instead of SQLite in data_dir: libpq's connection string (holds the
  // password: never log it) and the same target masked for messages. Empty = SQLite.
  std::string database_url;
  std::string database_url_masked;
  // migrate-data: the SQLite file to copy (its photos and key file beside it), and the
  // PostgreSQL database to copy it into (as database_url).
  std::filesystem::path migrate_from;
  std::string migrate_to;
  std::string migrate_to_masked;
  // GET /metrics (Prometheus text) on a listener of its own, never the public port; off
  // unless given. IPv6 addresses in brackets: "[::1]:9464".
  struct MetricsBind {
    std::string address;
    std::uint16_t port = 0;  // 0 = any free port (tests)
  };
  std::optional<MetricsBind> metrics_bind;
  // Web Push: the VAPID contact a push service's operator may write to ("mailto:…" or an
  // https URL); empty = mailto:<mail_from>, else the base URL. `push_allow_loopback` lets
  // devices subscribe with plain http:// endpoints on 127.0.0.1/localhost: the end-to-end
  // tests' push-service stand-in only, never in production.
  std::string push_subject;
  bool push_allow_loopback = false;

  [[nodiscard]] std::filesystem::path database_file() const { return data_dir / "pokeca.db"; }
  [[nodiscard]] std::filesystem::path outbox_dir() const { return data_dir / "outbox"; }
  [[nodiscard]] std::filesystem::path photo_dir() const { return data_dir / "photos"; }
  // The open data export's files (rebuilt from the database; safe to delete).
  [[nodiscard]] std::filesystem::path export_dir() const { return data_dir / "export"; }
};

struct ParsedCommand {
  std::string command;            // serve | import | admin | backup | restore | help | version
  std::vector<std::string> args;  // positional arguments after the command
  Config config;
};

// Parses argv and the environment. On a bad value returns the message to print.
struct ParseOutcome {
  std::optional<ParsedCommand> parsed;
  std::string error;
};
[[nodiscard]] ParseOutcome parse_command_line(int argc, const char* const* argv,
                                              const std::function<const char*(const char*)>& getenv);

[[nodiscard]] std::string usage_text();

}  // namespace pokeca::server
