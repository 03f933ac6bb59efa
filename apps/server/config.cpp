#include "config.hpp"

#include <charconv>
#include <map>
#include <ranges>
#include <string_view>
#include "pokeca/shared/numbers.hpp"
#include "pokeca/storage/postgres/database_url.hpp"

namespace pokeca::server {
namespace {

constexpr unsigned kMaxThreads = 64;

struct Option {
  const char* flag;  // --port
  const char* env;   // POKECA_PORT
  // Applies a value; returns an error message or "".
  std::string (*apply)(Config&, const std::string&);
};

template <typename T>
bool parse_number(const std::string& s, T& out, T min, T max) {
  const auto value = parse_integer_in<T>(s, min, max);
  if (value) out = *value;
  return value.has_value();
}

// For options whose default lives elsewhere (unset = that default; the tile options).
template <typename T>
bool parse_number(const std::string& s, std::optional<T>& out, T min, T max) {
  T value{};
  if (!parse_number<T>(s, value, min, max)) return false;
  out = value;
  return true;
}

bool parse_bool(const std::string& s, bool& out) {
  if (s == "1" || s == "true" || s == "yes" || s == "on") return out = true, true;
  if (s == "0" || s == "false" || s == "no" || s == "off") return out = false, true;
  return false;
}

// A PostgreSQL connection string and its masked form; empty = none. The error never holds
// any part of the password.
std::string set_database_url(std::string& conninfo, std::string& masked, const std::string& v) {
  conninfo.clear();
  masked.clear();
  if (v.empty()) return "";
  auto url = storage::postgres::parse_database_url(v);
  if (!url) return url.error().message;  // "database URL: …"
  conninfo = url->conninfo;
  masked = url->masked;
  return "";
}

const Option kOptions[] = {
    {"--data-dir", "POKECA_DATA_DIR",
     [](Config& c, const std::string& v) -> std::string {
       if (v.empty()) return "--data-dir must not be empty";
       c.data_dir = v;
       return "";
     }},
    {"--static-dir", "POKECA_STATIC_DIR",
     [](Config& c, const std::string& v) -> std::string {
       c.static_dir = v;
       return "";
     }},
    {"--bind", "POKECA_BIND",
     [](Config& c, const std::string& v) -> std::string {
       if (v.empty()) return "--bind must not be empty";
       c.bind_address = v;
       return "";
     }},
    {"--port", "POKECA_PORT",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<std::uint16_t>(v, c.port, 0, 65535) ? "" : "--port must be 0-65535";
     }},
    {"--io-threads", "POKECA_IO_THREADS",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<unsigned>(v, c.io_threads, 1, kMaxThreads) ? "" : "--io-threads must be 1-64";
     }},
    {"--worker-threads", "POKECA_WORKER_THREADS",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<unsigned>(v, c.worker_threads, 1, kMaxThreads) ? "" : "--worker-threads must be 1-64";
     }},
    {"--demo-data", "POKECA_DEMO_DATA",
     [](Config& c, const std::string& v) -> std::string {
       return parse_bool(v, c.demo_data) ? "" : "--demo-data must be true or false";
     }},
    {"--base-url", "POKECA_BASE_URL",
     [](Config& c, const std::string& v) -> std::string {
       c.base_url = v;
       return "";
     }},
    {"--tile-url", "POKECA_TILE_URL",
     [](Config& c, const std::string& v) -> std::string {
       if (!v.starts_with("https://") && !v.starts_with("http://")) return "--tile-url must be an http(s) URL";
       c.tile_url = v;
       return "";
     }},
    {"--tile-attribution", "POKECA_TILE_ATTRIBUTION",
     [](Config& c, const std::string& v) -> std::string {
       c.tile_attribution = v;
       return "";
     }},
    {"--tile-max-zoom", "POKECA_TILE_MAX_ZOOM",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<int>(v, c.tile_max_zoom, 1, 22) ? "" : "--tile-max-zoom must be 1-22";
     }},
    {"--contact-url", "POKECA_CONTACT_URL",
     [](Config& c, const std::string& v) -> std::string {
       c.contact_url = v;
       return "";
     }},
    {"--analytics-id", "POKECA_ANALYTICS_ID",
     [](Config& c, const std::string& v) -> std::string {
       if (v.empty())
         c.analytics_id.reset();
       else
         c.analytics_id = v;
       return "";
     }},
    {"--smtp-url", "POKECA_SMTP_URL",
     [](Config& c, const std::string& v) -> std::string {
       if (!v.empty() && !v.starts_with("smtp://") && !v.starts_with("smtps://"))
         return "--smtp-url must start with smtp:// or smtps://";
       c.smtp_url = v;
       return "";
     }},
    {"--database-url", "POKECA_DATABASE_URL",
     [](Config& c, const std::string& v) { return set_database_url(c.database_url, c.database_url_masked, v); }},
    {"--from", "POKECA_MIGRATE_FROM",
     [](Config& c, const std::string& v) -> std::string {
       c.migrate_from = v;
       return "";
     }},
    {"--to", "POKECA_MIGRATE_TO",
     [](Config& c, const std::string& v) { return set_database_url(c.migrate_to, c.migrate_to_masked, v); }},
    {"--mail-from", "POKECA_MAIL_FROM",
     [](Config& c, const std::string& v) -> std::string {
       if (!v.empty() && v.find('@') == std::string::npos) return "--mail-from must be an e-mail address";
       c.mail_from = v;
       return "";
     }},
    {"--trusted-proxy", "POKECA_TRUSTED_PROXY",
     [](Config& c, const std::string& v) -> std::string {
       return parse_bool(v, c.trusted_proxy) ? "" : "--trusted-proxy must be true or false";
     }},
    {"--connections-per-address", "POKECA_CONNECTIONS_PER_ADDRESS",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<unsigned>(v, c.connections_per_address, 1, kMaxConnectionsPerAddress)
                  ? ""
                  : "--connections-per-address must be 1-4096";
     }},
    {"--rate-limits", "POKECA_RATE_LIMITS",
     [](Config& c, const std::string& v) -> std::string {
       auto err = apply_rate_limit_overrides(v, c.rate_limits);
       return err.empty() ? "" : "--rate-limits: " + err;
     }},
    {"--auth-threads", "POKECA_AUTH_THREADS",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<unsigned>(v, c.auth_threads, 1, kMaxThreads) ? "" : "--auth-threads must be 1-64";
     }},
    {"--upload-threads", "POKECA_UPLOAD_THREADS",
     [](Config& c, const std::string& v) -> std::string {
       return parse_number<unsigned>(v, c.upload_threads, 1, kMaxThreads) ? "" : "--upload-threads must be 1-64";
     }},
    {"--photo-worker", "POKECA_PHOTO_WORKER",
     [](Config& c, const std::string& v) -> std::string {
       if (v.empty()) return "--photo-worker must name the pokeca-photo-worker executable";
       c.photo_worker = v;
       return "";
     }},
    {"--log-file", "POKECA_LOG_FILE",
     [](Config& c, const std::string& v) -> std::string {
       c.log_file = v;
       return "";
     }},
    {"--metrics-bind", "POKECA_METRICS_BIND",
     [](Config& c, const std::string& v) -> std::string {
       if (v.empty() || v == "off") {
         c.metrics_bind.reset();
         return "";
       }
       const auto colon = v.rfind(':');
       constexpr const char* kForm = "--metrics-bind must be ADDRESS:PORT (e.g. 127.0.0.1:9464, [::1]:9464)";
       if (colon == std::string::npos || colon == 0) return kForm;
       Config::MetricsBind bind;
       bind.address = v.substr(0, colon);
       if (bind.address.starts_with('[')) {
         if (!bind.address.ends_with(']') || bind.address.size() < 3) return kForm;
         bind.address = bind.address.substr(1, bind.address.size() - 2);
       } else if (bind.address.find(':') != std::string::npos) {
         return kForm;  // an IPv6 address without brackets: where its port begins is unclear
       }
       if (!parse_number<std::uint16_t>(v.substr(colon + 1), bind.port, 0, 65535)) return kForm;
       c.metrics_bind = bind;
       return "";
     }},
    {"--ip-db", "POKECA_IP_DB",
     [](Config& c, const std::string& v) -> std::string {
       c.ip_db.clear();
       for (const auto part : std::views::split(std::string_view(v), ','))
         if (!part.empty()) c.ip_db.emplace_back(std::string_view(part.begin(), part.end()));
       return "";
     }},
    {"--push-subject", "POKECA_PUSH_SUBJECT",
     [](Config& c, const std::string& v) -> std::string {
       if (!v.empty() && !v.starts_with("mailto:") && !v.starts_with("https://"))
         return "--push-subject must start with mailto: or https://";
       c.push_subject = v;
       return "";
     }},
    {"--push-allow-loopback", "POKECA_PUSH_ALLOW_LOOPBACK",
     [](Config& c, const std::string& v) -> std::string {
       return parse_bool(v, c.push_allow_loopback) ? "" : "--push-allow-loopback must be true or false";
     }},
};

const Option* find_option(std::string_view flag) {
  for (const auto& o : kOptions)
    if (flag == o.flag) return &o;
  return nullptr;
}

}  // namespace

ParseOutcome parse_command_line(int argc, const char* const* argv,
                                const std::function<const char*(const char*)>& getenv) {
  ParsedCommand out;
  for (const auto& o : kOptions)
    if (const char* v = getenv(o.env)) {
      if (auto err = o.apply(out.config, v); !err.empty()) return {std::nullopt, std::string(o.env) + ": " + err};
    }
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      out.command = "help";
      return {out, ""};
    }
    if (arg.starts_with("--")) {
      std::string value;
      const auto eq = arg.find('=');
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg.resize(eq);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return {std::nullopt, arg + " needs a value"};
      }
      const auto* opt = find_option(arg);
      if (!opt) return {std::nullopt, "unknown option " + arg};
      if (auto err = opt->apply(out.config, value); !err.empty()) return {std::nullopt, err};
    } else if (out.command.empty()) {
      out.command = arg;
    } else {
      out.args.push_back(arg);
    }
  }
  if (out.command.empty()) out.command = "serve";
  if (out.config.base_url.empty()) out.config.base_url = "http://localhost:" + std::to_string(out.config.port);
  if (!out.config.smtp_url.empty() && out.config.mail_from.empty())
    return {std::nullopt, "--mail-from (POKECA_MAIL_FROM) is required with --smtp-url"};
  return {out, ""};
}

std::string usage_text() {
  std::string s =
      "usage: pokeca-server [COMMAND] [OPTIONS]\n\n"
      "commands:\n"
      "  serve            serve the site (default); loads demo data into an empty database\n"
      "  import FILE      import stores from CSV or GeoJSON (idempotent)\n"
      "  admin grant|revoke|block|unblock EMAIL\n"
      "                   make an account an admin, take it back, block or unblock it\n"
      "  backup DEST      copy the database (online, while serving), photos and signing key into\n"
      "                   the new directory DEST, with a manifest of counts and checksums\n"
      "  restore SRC      verify the backup SRC and restore it into --data-dir (which must be empty)\n"
      "  migrate-data --from FILE --to URL\n"
      "                   copy the SQLite database FILE, the photos and the signing key beside it into\n"
      "                   the empty PostgreSQL database URL, in one transaction, and compare them\n"
      "  version          print the version\n\n"
      "options (flag, environment variable):\n";
  for (const auto& o : kOptions) s += "  " + std::string(o.flag) + " VALUE\t" + o.env + "\n";
  return s;
}

}  // namespace pokeca::server
