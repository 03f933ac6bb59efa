#pragma once
// The real server binary in a child process, for drills: started with its output in a
// file, found ready by its `listening` line, asked over plain HTTP, stopped with SIGTERM.
#include <fcntl.h>
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
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace pokeca::testing {

inline std::string read_whole_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs the server binary with ARGS to its end; its exit status (-1 when it did not exit).
inline int run_server_command(const std::vector<std::string>& args) {
  std::string command = POKECA_SERVER_BIN;
  for (const auto& a : args) command += " '" + a + "'";
  command += " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Sends REQUEST (a whole HTTP/1.1 message, "Connection: close") to the loopback PORT:
// the whole raw reply, or "" when nobody answers.
inline std::string http_exchange(int port, const std::string& request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return ::close(fd), "";
  (void)::send(fd, request.data(), request.size(), 0);
  std::string reply;
  char buf[65536];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) reply.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  return reply;
}

// GET PATH on PORT: the raw reply.
inline std::string http_get(int port, const std::string& path) {
  return http_exchange(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
}

// POST BODY as JSON to PATH on PORT (with a bearer TOKEN when given): status and body.
inline std::pair<int, std::string> post_json(int port, const std::string& path, const std::string& body,
                                             const std::string& token = {}) {
  std::string request = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";
  if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
  request += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  const auto reply = http_exchange(port, request);
  if (reply.size() < 12 || !reply.starts_with("HTTP/1.1 ")) return {0, reply};
  const auto at = reply.find("\r\n\r\n");
  return {std::stoi(reply.substr(9, 3)), at == std::string::npos ? "" : reply.substr(at + 4)};
}

// The first capture of `pattern` in a server's output file, waiting up to 20 s for it.
inline std::string wait_for_match(const std::filesystem::path& output, const std::regex& pattern) {
  for (int i = 0; i < 400; ++i) {
    std::smatch m;
    const auto text = read_whole_file(output);
    if (std::regex_search(text, m, pattern)) return m[1].str();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return "";
}

class ServerProcess {
 public:
  // `serve --data-dir DATA --port 0 --demo-data false` plus EXTRA; stdout and stderr go to
  // OUTPUT, and the `listening` line is looked for in LOG (OUTPUT unless the server logs
  // elsewhere).
  ServerProcess(const std::filesystem::path& data_dir, const std::filesystem::path& output,
                const std::vector<std::string>& extra = {}, std::filesystem::path log = {}) {
    if (log.empty()) log = output;
    log_ = log;
    std::vector<std::string> args{POKECA_SERVER_BIN, "serve",
                                  "--data-dir",      data_dir.string(),
                                  "--port",          "0",
                                  "--demo-data",     "false",
                                  "--static-dir",    (data_dir / "no-frontend").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    if (posix_spawn(&pid_, POKECA_SERVER_BIN, &actions, nullptr, argv.data(), environ) != 0) pid_ = 0;
    posix_spawn_file_actions_destroy(&actions);
    const std::regex listening(R"re("event":"listening".*"port":"([0-9]+)")re");
    for (int i = 0; pid_ != 0 && port_ == 0 && i < 600; ++i) {
      std::smatch m;
      const auto text = read_whole_file(log);
      if (std::regex_search(text, m, listening))
        port_ = std::stoi(m[1].str());
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  ~ServerProcess() {
    if (pid_ == 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  [[nodiscard]] int port() const { return port_; }
  // The "port" of the first log line of EVENT (e.g. "metrics_listening"), or 0.
  [[nodiscard]] int event_port(const std::string& event) const {
    const std::regex line("\"event\":\"" + event + "\".*\"port\":\"([0-9]+)\"");
    std::smatch m;
    const auto text = read_whole_file(log_);
    return std::regex_search(text, m, line) ? std::stoi(m[1].str()) : 0;
  }
  void signal(int sig) const { ::kill(pid_, sig); }

  // GET PATH over a fresh connection: the body, or "" when the status is not 200.
  [[nodiscard]] std::string get(const std::string& path) const {
    const auto reply = http_get(port_, path);
    if (!reply.starts_with("HTTP/1.1 200")) return "";
    const auto body = reply.find("\r\n\r\n");
    return body == std::string::npos ? "" : reply.substr(body + 4);
  }

 private:
  pid_t pid_ = 0;
  int port_ = 0;
  std::filesystem::path log_;
};

}  // namespace pokeca::testing
