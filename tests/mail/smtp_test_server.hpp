#pragma once
// A minimal SMTP server on 127.0.0.1:<ephemeral> for the SmtpMailer tests: greets,
// answers EHLO/HELO, AUTH PLAIN (when told to), MAIL FROM, RCPT TO, DATA (until
// CRLF.CRLF, dot-stuffing undone), RSET, NOOP and QUIT, and keeps what it was sent.
// One thread; connections are served one after another.
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pokeca::mail::testing {

struct SmtpBehaviour {
  bool advertise_auth = false;            // "250-AUTH <auth_mechanisms>" in the EHLO answer
  std::string auth_mechanisms = "PLAIN";  // only PLAIN is spoken; others just advertised
  int mail_from_reply = 250;
  int rcpt_reply = 250;  // 550: "no such mailbox"
  int end_of_data_reply = 250;
};

struct ReceivedMail {
  std::string mail_from;  // the argument of MAIL FROM, as sent ("<a@b>")
  std::vector<std::string> recipients;
  std::string auth;  // the AUTH line's credentials (base64), if any
  std::string data;  // the message, without the final ".", CRLF line ends
};

class SmtpTestServer {
 public:
  explicit SmtpTestServer(SmtpBehaviour behaviour = {});
  ~SmtpTestServer();
  SmtpTestServer(const SmtpTestServer&) = delete;
  SmtpTestServer& operator=(const SmtpTestServer&) = delete;

  [[nodiscard]] int port() const { return port_; }
  [[nodiscard]] std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // Mails the server answered 250 at the end of DATA.
  [[nodiscard]] std::vector<ReceivedMail> mails() const;
  // Every command line received, in order (for protocol assertions).
  [[nodiscard]] std::vector<std::string> commands() const;

 private:
  void serve();
  void session(int fd);
  void reply(int fd, const std::string& line);

  SmtpBehaviour behaviour_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::vector<ReceivedMail> mails_;
  std::vector<std::string> commands_;
  std::thread thread_;
};

// A port on 127.0.0.1 that was just free: connecting is refused.
[[nodiscard]] int closed_loopback_port();

// Accepts TCP connections in the kernel (listen backlog) but never reads or greets:
// a client waits for the 220 until its own timeout.
class SilentListener {
 public:
  SilentListener();
  ~SilentListener();
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;
  [[nodiscard]] int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

}  // namespace pokeca::mail::testing
