// The deploy/ nginx configuration in front of the real server binary, on loopback, with
// Debian's nginx. The TLS site file (deploy/nginx/pokeca.conf) must be valid nginx once its
// placeholders are filled; the proxy rules every site includes (pokeca-proxy.conf) are run for
// real on plain HTTP: requests reach the live server while another upstream is down, the
// server keys its limits on the address nginx saw rather than a forged X-Forwarded-For, and
// hashed assets come back in the encoding each client asked for, from nginx's cache the second
// time. No nginx installed: these tests fail, they are never skipped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "nginx_process.hpp"
#include "pokeca/testing/temp_dir.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::free_port;
using testing::get;
using testing::kNginx;
using testing::Nginx;
using testing::read_whole_file;
using testing::replaced;
using testing::run;
using testing::scratch_paths;
using testing::send_request;
using testing::ServerProcess;
using testing::TempDir;

const fs::path kDeploy = POKECA_DEPLOY_DIR;

TEST(NginxFront, TheTlsSiteIsValidNginxOnceItsPlaceholdersAreFilled) {
  ASSERT_TRUE(fs::exists(kNginx)) << "Debian's nginx-light (scripts/install-deps.sh --with-browser)";
  TempDir dir;
  const auto cert = dir.path() / "cert.pem";
  const auto key = dir.path() / "key.pem";
  ASSERT_EQ(run("openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -keyout '" + key.string() +
                "' -out '" + cert.string() + "'"),
            0);
  auto site = read_whole_file(kDeploy / "nginx" / "pokeca.conf");
  ASSERT_NE(site.find("SERVER_NAME"), std::string::npos);
  site = replaced(site, "/etc/letsencrypt/live/SERVER_NAME/fullchain.pem", cert.string());
  site = replaced(site, "/etc/letsencrypt/live/SERVER_NAME/privkey.pem", key.string());
  site = replaced(site, "SERVER_NAME", "localhost");
  site = replaced(site, "/etc/nginx/snippets/pokeca-proxy.conf", (kDeploy / "nginx" / "pokeca-proxy.conf").string());
  site = replaced(site, "/var/cache/nginx/pokeca", (dir.path() / "cache").string());
  site = replaced(site, "/var/www/html", dir.path().string());
  std::ofstream(dir.path() / "site.conf") << site;
  fs::create_directories(dir.path() / "tmp");
  std::ofstream(dir.path() / "nginx.conf")
      << "pid " << (dir.path() / "nginx.pid").string() << ";\nerror_log " << (dir.path() / "error.log").string()
      << ";\nevents {}\nhttp {\n"
      << scratch_paths(dir.path()) << "  include " << (dir.path() / "site.conf").string() << ";\n}\n";
  EXPECT_EQ(
      run(kNginx.string() + " -t -p '" + dir.path().string() + "' -c '" + (dir.path() / "nginx.conf").string() + "'"),
      0)
      << read_whole_file(dir.path() / "error.log");
}

class NginxInFront : public ::testing::Test {
 protected:
  static constexpr std::string_view kAsset = "/assets/app-0a1b2c3d.js";

  NginxInFront() {
    // A built frontend whose hashed script has precompressed siblings, told apart by content.
    fs::create_directories(dist / "assets");
    std::ofstream(dist / "index.html") << "<!doctype html><title>x</title>";
    std::ofstream(dist / "assets" / "app-0a1b2c3d.js") << "console.log('identity');";
    std::ofstream(dist / "assets" / "app-0a1b2c3d.js.br") << "brotli-bytes";
    std::ofstream(dist / "assets" / "app-0a1b2c3d.js.gz") << "gzip-bytes";
  }

  // nginx on a free port before upstreams DEAD (nothing listens) and the live server.
  std::string http_block(int port, int dead) const {
    return "  proxy_cache_path " + (dir.path() / "cache").string() + " keys_zone=pokeca_static:1m;\n" +
           "  upstream pokeca {\n    server 127.0.0.1:" + std::to_string(dead) +
           " max_fails=1 fail_timeout=30s;\n    server 127.0.0.1:" + std::to_string(server.port()) +
           ";\n    keepalive 8;\n  }\n  server {\n    listen 127.0.0.1:" + std::to_string(port) + ";\n    include " +
           (kDeploy / "nginx" / "pokeca-proxy.conf").string() + ";\n  }\n";
  }

  TempDir dir;
  fs::path dist = dir.path() / "dist";
  // Two login attempts a minute from one address.
  ServerProcess server{dir.path() / "data",
                       dir.path() / "server.out",
                       {"--static-dir", dist.string(), "--trusted-proxy", "true", "--rate-limits", "login_ip=2/60"}};
};

TEST_F(NginxInFront, RequestsReachTheLiveServerAndLimitsKeyOnTheAddressNginxSaw) {
  ASSERT_TRUE(fs::exists(kNginx)) << "Debian's nginx-light (scripts/install-deps.sh --with-browser)";
  ASSERT_NE(server.port(), 0);
  const int port = free_port();
  const Nginx nginx(dir.path() / "nginx", http_block(port, free_port()));
  ASSERT_TRUE(Nginx::answers(port)) << nginx.errors();

  // Reads keep answering with one upstream down: nginx moves on to the next.
  for (int i = 0; i < 6; ++i) EXPECT_EQ(get(port, "/api/v1/healthz").status, 200) << i;

  // Three login attempts, each forging another first X-Forwarded-For entry: nginx appends the
  // address it saw, the server reads that last entry, so all three count against one address
  // and the third is refused. Each attempt reached the server (a POST that never got to the
  // dead upstream is passed on; one it had received would not be).
  std::vector<int> statuses;
  for (int i = 1; i <= 3; ++i) {
    const std::string body =
        R"({"email":"nobody)" + std::to_string(i) + R"(@example.com","password":"wrong-password-123"})";
    statuses.push_back(send_request(port,
                                    "POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\n"
                                    "X-Forwarded-For: 203.0.113." +
                                        std::to_string(i) + "\r\nContent-Type: application/json\r\nContent-Length: " +
                                        std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body)
                           .status);
  }
  EXPECT_EQ(statuses, (std::vector<int>{401, 401, 429}));
}

TEST_F(NginxInFront, HashedAssetsComeInTheAskedEncodingAndFromNginxsCacheTheSecondTime) {
  ASSERT_TRUE(fs::exists(kNginx)) << "Debian's nginx-light (scripts/install-deps.sh --with-browser)";
  ASSERT_NE(server.port(), 0);
  const int port = free_port();
  const Nginx nginx(dir.path() / "nginx", http_block(port, free_port()));
  ASSERT_TRUE(Nginx::answers(port)) << nginx.errors();
  const std::string asset(kAsset);

  const auto first = get(port, asset, "br");
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(first.body, "brotli-bytes");
  EXPECT_EQ(first.header("Content-Encoding"), "br");
  EXPECT_EQ(first.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(first.header("X-Cache-Status"), "MISS");
  const auto again = get(port, asset, "br");
  EXPECT_EQ(again.body, "brotli-bytes");
  EXPECT_EQ(again.header("X-Cache-Status"), "HIT");

  // Another client's encoding is not served from the brotli copy.
  const auto gzip = get(port, asset, "gzip");
  EXPECT_EQ(gzip.body, "gzip-bytes");
  EXPECT_EQ(gzip.header("Content-Encoding"), "gzip");
  const auto plain = get(port, asset);
  EXPECT_EQ(plain.body, "console.log('identity');");
  EXPECT_EQ(plain.header("Content-Encoding"), "");
  // The server's own headers pass through nginx unchanged.
  EXPECT_NE(get(port, "/api/v1/healthz").header("X-Content-Type-Options"), "");
}

}  // namespace
}  // namespace pokeca
