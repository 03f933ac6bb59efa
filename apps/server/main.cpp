// pokeca-server: the one binary. The only place that creates concrete adapters.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "config.hpp"
#include "demo_seed.hpp"
#include "log.hpp"
#include "pokeca/embedded_data.hpp"
#include "pokeca/gazetteer.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/import/file_import.hpp"
#include "pokeca/storage/database.hpp"
#include "pokeca/storage/sqlite_meta_repository.hpp"
#include "pokeca/storage/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite_store_repository.hpp"
#include "pokeca/store_service.hpp"
#include "system_clock.hpp"

namespace fs = std::filesystem;
using namespace pokeca;
using namespace pokeca::server;

namespace {

constexpr const char* kVersion = "0.1.0";

// The built frontend: the configured folder, else frontend/dist under the working
// directory, else next to a binary that lives in build/apps/server/.
fs::path resolve_static_dir(const Config& config) {
  if (!config.static_dir.empty()) return config.static_dir;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  for (const fs::path& candidate :
       {fs::current_path(ec) / "frontend" / "dist", exe.parent_path() / ".." / ".." / ".." / "frontend" / "dist"})
    if (fs::exists(candidate / "index.html", ec)) return fs::weakly_canonical(candidate, ec);
  return {};
}

void prepare_data_dir(const fs::path& dir) {
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
}

Gazetteer load_gazetteer() {
  auto g = Gazetteer::from_tsv(data::kGazetteerTsv);
  if (!g) throw std::runtime_error("embedded gazetteer: " + g.error().message);
  return std::move(*g);
}

int serve(const Config& config) {
  const auto started = std::chrono::steady_clock::now();
  prepare_data_dir(config.data_dir);
  storage::Database db(config.database_file(), {.connections = config.worker_threads});
  storage::SqliteStoreRepository stores(db);
  storage::SqliteReportRepository reports(db);
  storage::SqliteMetaRepository meta(db);
  const SystemClock clock;
  const Gazetteer gazetteer = load_gazetteer();

  if (config.demo_data) {
    auto seeded = seed_demo_if_empty(stores, reports, meta, gazetteer, clock);
    if (!seeded) throw std::runtime_error("demo data: " + seeded.error().message + " " + seeded.error().detail);
    if (*seeded > 0) log_event("demo_data_loaded", {{"stores", std::to_string(*seeded)}});
  }

  StoreService service(stores, reports, clock);
  http::RouterConfig router_config;
  router_config.static_dir = resolve_static_dir(config);
  router_config.tile_url = config.tile_url;
  router_config.tile_attribution = config.tile_attribution;
  router_config.tile_max_zoom = config.tile_max_zoom;
  router_config.contact_url = config.contact_url;
  router_config.analytics_id = config.analytics_id;
  router_config.demo_data = [&meta] {
    auto v = meta.get(kDemoDataMetaKey);
    return v && *v && **v == "1";
  };
  if (router_config.static_dir.empty())
    log_event("warning", {{"message", "frontend/dist not found: only the API is served (build the frontend or pass --static-dir)"}});
  http::Router router(service, router_config);

  http::HttpServerConfig server_config;
  server_config.bind_address = config.bind_address;
  server_config.port = config.port;
  server_config.io_threads = config.io_threads;
  server_config.worker_threads = config.worker_threads;
  http::HttpServer server(router, server_config);
  server.start();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  log_event("listening", {{"address", config.bind_address},
                          {"port", std::to_string(server.port())},
                          {"url", "http://localhost:" + std::to_string(server.port()) + "/"},
                          {"static_dir", router_config.static_dir.string()},
                          {"startup_ms", std::to_string(ms.count())}});
  server.wait_for_signal();
  log_event("stopping");
  server.stop();
  log_event("stopped");
  return 0;
}

int import_command(const Config& config, const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::cerr << "usage: pokeca-server import FILE\n";
    return 2;
  }
  prepare_data_dir(config.data_dir);
  storage::Database db(config.database_file(), {.connections = 1});
  storage::SqliteStoreRepository stores(db);
  const SystemClock clock;
  const Gazetteer gazetteer = load_gazetteer();
  return importer::run_import_command(args[0], stores, gazetteer, clock, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  auto parsed = parse_command_line(argc, argv, [](const char* name) { return std::getenv(name); });
  if (!parsed.parsed) {
    std::cerr << "error: " << parsed.error << "\n\n" << usage_text();
    return 2;
  }
  const auto& cmd = *parsed.parsed;
  try {
    if (cmd.command == "serve") return serve(cmd.config);
    if (cmd.command == "import") return import_command(cmd.config, cmd.args);
    if (cmd.command == "version") return std::cout << kVersion << "\n", 0;
    if (cmd.command == "help") return std::cout << usage_text(), 0;
    std::cerr << "unknown command: " << cmd.command << "\n\n" << usage_text();
    return 2;
  } catch (const std::exception& e) {
    log_event("fatal", {{"message", e.what()}});
    return 1;
  }
}
