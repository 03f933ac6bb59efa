#pragma once
// Debian's nginx in the foreground on loopback, for the tests that run the deploy/ proxy rules
// for real, and the plain HTTP exchanges they make through it.
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

#include "server_process.hpp"

namespace pokeca::testing {
namespace fs = std::filesystem;

inline const fs::path kNginx = "/usr/sbin/nginx";
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// A loopback port nobody listens on right now.
inline int free_port() {
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
inline std::string scratch_paths(const fs::path& dir) {
  std::string lines;
  for (const char* kind : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
    lines += std::string("  ") + kind + "_temp_path " + (dir / "tmp" / kind).string() + ";\n";
  return lines;
}

inline int run(const std::string& command) {
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
      if (!http_get(port, "/api/v1/healthz").empty()) return true;
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

inline Reply send_request(int port, const std::string& request) {
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

inline Reply get(int port, const std::string& path, const std::string& accept_encoding = "") {
  return send_request(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" +
                                (accept_encoding.empty() ? "" : "Accept-Encoding: " + accept_encoding + "\r\n") +
                                "Connection: close\r\n\r\n");
}

}  // namespace pokeca::testing
