#include "smtp_test_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

namespace pokeca::mail::testing {
namespace {

constexpr int kPollMs = 20;
constexpr int kSessionReadTimeoutSeconds = 10;  // a stuck client cannot hang the tests

int listening_socket(int backlog) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("socket failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, backlog) != 0) {
    ::close(fd);
    throw std::runtime_error("bind/listen failed");
  }
  return fd;
}

int bound_port(int fd) {
  sockaddr_in addr{};
  socklen_t len = sizeof addr;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) throw std::runtime_error("getsockname failed");
  return ntohs(addr.sin_port);
}

std::string upper(std::string_view text) {
  std::string out(text);
  std::ranges::transform(out, out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

// Reads CRLF-terminated lines from a socket.
class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd) {}
  std::optional<std::string> next() {
    for (;;) {
      if (const std::size_t eol = buffer_.find("\r\n"); eol != std::string::npos) {
        std::string line = buffer_.substr(0, eol);
        buffer_.erase(0, eol + 2);
        return line;
      }
      char chunk[4096];
      const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  int fd_;
  std::string buffer_;
};

std::string reply_text(int code) {
  switch (code) {
    case 250: return "250 2.0.0 OK";
    case 421: return "421 4.3.2 Service not available";
    case 451: return "451 4.3.0 Try again later";
    case 550: return "550 5.1.1 Mailbox unavailable";
    case 554: return "554 5.7.1 Rejected";
    default: return std::to_string(code) + " reply";
  }
}

}  // namespace

SmtpTestServer::SmtpTestServer(SmtpBehaviour behaviour) : behaviour_(behaviour) {
  listen_fd_ = listening_socket(16);
  port_ = bound_port(listen_fd_);
  thread_ = std::thread([this] { serve(); });
}

SmtpTestServer::~SmtpTestServer() {
  stop_ = true;
  thread_.join();
  ::close(listen_fd_);
}

std::vector<ReceivedMail> SmtpTestServer::mails() const {
  const std::lock_guard lock(mutex_);
  return mails_;
}

std::vector<std::string> SmtpTestServer::commands() const {
  const std::lock_guard lock(mutex_);
  return commands_;
}

void SmtpTestServer::serve() {
  while (!stop_) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, kPollMs) <= 0) continue;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    timeval tv{kSessionReadTimeoutSeconds, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    session(fd);
    ::close(fd);
  }
}

void SmtpTestServer::reply(int fd, const std::string& line) {
  const std::string out = line + "\r\n";
  std::size_t sent = 0;
  while (sent < out.size()) {
    const ssize_t n = ::send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

void SmtpTestServer::session(int fd) {
  LineReader reader(fd);
  ReceivedMail current;
  reply(fd, "220 127.0.0.1 ESMTP test server");
  while (auto line = reader.next()) {
    {
      const std::lock_guard lock(mutex_);
      commands_.push_back(*line);
    }
    const std::string verb = upper(line->substr(0, line->find(' ')));
    const std::string argument =
        line->find(' ') == std::string::npos ? std::string() : line->substr(line->find(' ') + 1);
    if (verb == "EHLO") {
      reply(fd, "250-127.0.0.1 hello");
      if (behaviour_.advertise_auth) reply(fd, "250-AUTH " + behaviour_.auth_mechanisms);
      reply(fd, "250 8BITMIME");
    } else if (verb == "HELO") {
      reply(fd, "250 127.0.0.1 hello");
    } else if (verb == "AUTH") {
      // "AUTH PLAIN <base64>" or "AUTH PLAIN" then the credentials on their own line.
      std::string credentials = argument.size() > 6 ? argument.substr(6) : std::string();
      if (credentials.empty()) {
        reply(fd, "334 ");
        auto next = reader.next();
        if (!next) return;
        credentials = *next;
      }
      current.auth = credentials;
      reply(fd, "235 2.7.0 Authentication successful");
    } else if (verb == "MAIL") {
      current.mail_from = argument.substr(std::min<std::size_t>(argument.find(':') + 1, argument.size()));
      reply(fd, reply_text(behaviour_.mail_from_reply));
    } else if (verb == "RCPT") {
      if (behaviour_.rcpt_reply == 250) current.recipients.push_back(argument.substr(argument.find(':') + 1));
      reply(fd, reply_text(behaviour_.rcpt_reply));
    } else if (verb == "DATA") {
      if (current.recipients.empty()) {
        reply(fd, "503 5.5.1 No valid recipients");
        continue;
      }
      reply(fd, "354 End data with <CR><LF>.<CR><LF>");
      std::string data;
      for (;;) {
        auto data_line = reader.next();
        if (!data_line) return;
        if (*data_line == ".") break;
        if (data_line->starts_with('.')) data_line->erase(0, 1);  // undo dot-stuffing
        data += *data_line + "\r\n";
      }
      current.data = std::move(data);
      reply(fd, reply_text(behaviour_.end_of_data_reply));
      if (behaviour_.end_of_data_reply == 250) {
        const std::lock_guard lock(mutex_);
        mails_.push_back(current);
      }
      current = ReceivedMail{};
    } else if (verb == "RSET") {
      current = ReceivedMail{};
      reply(fd, "250 2.0.0 OK");
    } else if (verb == "NOOP") {
      reply(fd, "250 2.0.0 OK");
    } else if (verb == "QUIT") {
      reply(fd, "221 2.0.0 Bye");
      return;
    } else {
      reply(fd, "502 5.5.2 Command not recognised");
    }
  }
}

int closed_loopback_port() {
  const int fd = listening_socket(1);
  const int port = bound_port(fd);
  ::close(fd);
  return port;
}

SilentListener::SilentListener() : fd_(listening_socket(16)), port_(bound_port(fd_)) {}

SilentListener::~SilentListener() { ::close(fd_); }

}  // namespace pokeca::mail::testing
