#pragma once
// The SMTP mailer (libcurl). One connection and one curl handle per mail, so send()
// may run on several threads at once; the configuration is immutable after start.
//
// URL forms (the `POKECA_SMTP_URL` an operator gives):
//   smtps://user:pass@smtp.example.com:465        implicit TLS
//   smtp://user:pass@smtp.example.com:587         STARTTLS required (credentials present)
//   smtp://relay.internal:25                      no TLS (trusted relay)
//   smtp://host:25?starttls=required|try|off      explicit STARTTLS policy
//   smtp://user:pass;AUTH=LOGIN@host:587          SASL mechanism (curl login options)
// User and password are percent-decoded and passed to curl separately; they never
// appear in errors or logs.
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "pokeca/mail/message_builder.hpp"
#include "pokeca/shared/mailer.hpp"

namespace pokeca::mail {

inline constexpr std::chrono::milliseconds kSmtpConnectTimeout{10'000};
inline constexpr std::chrono::milliseconds kSmtpDefaultTimeout{30'000};  // whole exchange

struct SmtpConfig {
  std::string url;
  std::string from_address;                                 // envelope and header sender
  std::string from_name;                                    // e.g. "ポケカ販売店マップ"
  std::chrono::milliseconds timeout = kSmtpDefaultTimeout;  // connect is min(this, kSmtpConnectTimeout)
  // Gets one plain-text line per mail that could not be sent (the recipient masked,
  // never the password); the caller wraps it in its log format. Any thread. Empty = none.
  std::function<void(std::string_view)> log{};
};

enum class StartTls {
  kOff,       // plain SMTP
  kTry,       // STARTTLS if the server offers it
  kRequired,  // fail unless the connection is encrypted (smtps://, or STARTTLS worked)
};

class SmtpMailer final : public Mailer {
 public:
  // Validates the configuration (scheme, host, sender, timeout, STARTTLS policy) and
  // initialises libcurl once per process. Throws std::invalid_argument with a message
  // that never contains the password (a start-up failure).
  explicit SmtpMailer(const SmtpConfig& config);

  // kUnavailable with msg::kSendFailed when the server cannot be reached, refuses the
  // mail or the exchange runs past the timeout; the curl error is in `log_detail`.
  // kBadRequest / kInternal as build_message() refuses the mail. Every failure is also
  // reported to SmtpConfig::log, because a caller cannot always say (a password reset
  // must not reveal whether the account exists).
  Result<void> send(const Mail& mail) override;

  [[nodiscard]] StartTls starttls() const { return starttls_; }
  // The URL without credentials or query ("smtp://host:587"), for logs.
  [[nodiscard]] const std::string& public_url() const { return url_; }

 private:
  std::string url_;
  std::string user_;
  std::string password_;
  std::string login_options_;  // "AUTH=LOGIN" from "smtp://user:pass;AUTH=LOGIN@host"
  StartTls starttls_ = StartTls::kOff;
  Sender from_;
  std::chrono::milliseconds timeout_;
  std::chrono::milliseconds connect_timeout_;
  std::function<void(std::string_view)> log_;

  Result<void> transfer(const Mail& mail);
};

}  // namespace pokeca::mail
