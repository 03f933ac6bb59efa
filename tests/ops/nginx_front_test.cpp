// The deploy/ nginx configuration in front of the real server binary, on loopback, with
// Debian's nginx. The TLS site file (deploy/nginx/pokeca.conf) must be valid nginx once its
// placeholders are filled; the proxy rules every site includes (pokeca-proxy.conf) are run for
// real on plain HTTP: requests reach the live server while another upstream is down, the
// server keys its limits on the address nginx saw rather than a forged X-Forwarded-For, and
// hashed assets come back in the encoding each client asked for, from nginx's cache the second
// time. No nginx installed: these tests fail, they are never skipped.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/testing/temp_dir.hpp"
#include "server_process.hpp"

namespace pokeca {
namespace {
namespace fs = std::filesystem;
using testing::http_exchange;
using testing::read_whole_file;
using testing::ServerProcess;
using testing::TempDir;

const fs::path kNginx = "/usr/sbin/nginx";
const fs::path kDeploy = POKECA_DEPLOY_DIR;

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// A loopback port nobody listens on right now.
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  (void)::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t size = sizeof addr;
  (void)::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size);
  ::close(fd);
  return ntohs(addr.sin_port);
}

// The http-level lines every test configuration needs: nginx's scratch files in DIR.
std::string scratch_paths(const fs::path& dir) {
  std::string lines;
  for (const char* kind : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
    lines += std::string("  ") + kind + "_temp_path " + (dir / "tmp" / kind).string() + ";\n";
  return lines;
}

int run(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// nginx in the foreground, one process, with the given http-level configuration.
class Nginx {
 public:
  Nginx(const fs::path& dir, const std::string& http_block) : dir_(dir) {
    fs::create_directories(dir / "tmp");
    std::ofstream(dir / "nginx.conf") << "daemon off;\nmaster_process off;\npid " << (dir / "nginx.pid").string()
                                      << ";\nerror_log " << (dir / "error.log").string()
                                      << " warn;\nevents { worker_connections 128; }\nhttp {\n  access_log off;\n"
                                      << scratch_paths(dir) << http_block << "}\n";
    std::vector<std::string> args{kNginx.string(), "-p", dir.string(), "-c", (dir / "nginx.conf").string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, kNginx.c_str(), nullptr, nullptr, argv.data(), environ) != 0) pid_ = 0;
  }
  ~Nginx() {
    if (pid_ == 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  Nginx(const Nginx&) = delete;
  Nginx& operator=(const Nginx&) = delete;

  // Waits until PORT answers; false after 10 s.
  static bool answers(int port) {
    for (int i = 0; i < 200; ++i) {
      if (!testing::http_get(port, "/api/v1/healthz").empty()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }
  [[nodiscard]] std::string errors() const { return read_whole_file(dir_ / "error.log"); }

 private:
  fs::path dir_;
  pid_t pid_ = 0;
};

struct Reply {
  int status = 0;
  std::string head;
  std::string body;
  [[nodiscard]] std::string header(const std::string& name) const {
    std::smatch m;
    return std::regex_search(head, m, std::regex("\r\n" + name + ": ([^\r]*)", std::regex::icase)) ? m[1].str() : "";
  }
};

Reply send_request(int port, const std::string& request) {
  const auto raw = http_exchange(port, request);
  Reply reply;
  const auto end = raw.find("\r\n\r\n");
  if (raw.size() < 12 || end == std::string::npos) return reply;
  reply.status = std::stoi(raw.substr(9, 3));
  reply.head = raw.substr(0, end);
  reply.body = raw.substr(end + 4);
  if (reply.header("Transfer-Encoding") == "chunked") {  // nginx chunks what it streams
    std::string body;
    for (std::size_t at = 0;;) {
      const auto line_end = reply.body.find("\r\n", at);
      if (line_end == std::string::npos) break;
      const auto size = std::stoul(reply.body.substr(at, line_end - at), nullptr, 16);
      if (size == 0) break;
      body += reply.body.substr(line_end + 2, size);
      at = line_end + 2 + size + 2;
    }
    reply.body = body;
  }
  return reply;
}

Reply get(int port, const std::string& path, const std::string& accept_encoding = "") {
  return send_request(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" +
                                (accept_encoding.empty() ? "" : "Accept-Encoding: " + accept_encoding + "\r\n") +
                                "Connection: close\r\n\r\n");
}

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
