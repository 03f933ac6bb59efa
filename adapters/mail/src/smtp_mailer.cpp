#include "pokeca/mail/smtp_mailer.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "pokeca/mail/mail_address.hpp"
#include "pokeca/mail/mail_messages.hpp"
#include "sigpipe_guard.hpp"

namespace pokeca::mail {
namespace {

constexpr std::string_view kStartTlsKey = "starttls=";
constexpr std::string_view kRedacted = "***";

// curl_global_init is not thread-safe in every libcurl build: once per process, and
// never cleaned up (the process owns it until exit).
void init_curl_once() {
  static std::once_flag once;
  static CURLcode result = CURLE_OK;
  std::call_once(once, [] { result = curl_global_init(CURL_GLOBAL_DEFAULT); });
  if (result != CURLE_OK)
    throw std::runtime_error(std::string("curl_global_init failed: ") + curl_easy_strerror(result));
}

struct CurlUrlDeleter {
  void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
struct CurlEasyDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct CurlListDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
struct CurlFree {
  void operator()(char* p) const { curl_free(p); }
};
using CurlString = std::unique_ptr<char, CurlFree>;

// One URL part, or empty when the URL has none.
std::string url_part(CURLU* url, CURLUPart part, unsigned flags = 0) {
  char* raw = nullptr;
  if (curl_url_get(url, part, &raw, flags) != CURLUE_OK || raw == nullptr) return {};
  const CurlString owned(raw);
  return owned.get();
}

bool has_line_break_or_nul(std::string_view text) {
  return text.find_first_of(std::string_view("\r\n\0", 3)) != std::string_view::npos;
}

StartTls parse_starttls(std::string_view query, bool has_credentials) {
  if (query.empty()) return has_credentials ? StartTls::kRequired : StartTls::kOff;
  if (!query.starts_with(kStartTlsKey))
    throw std::invalid_argument("SMTP URL: the only query parameter is starttls=required|try|off");
  const std::string_view value = query.substr(kStartTlsKey.size());
  if (value == "required") return StartTls::kRequired;
  if (value == "try") return StartTls::kTry;
  if (value == "off") return StartTls::kOff;
  throw std::invalid_argument("SMTP URL: starttls must be required, try or off");
}

long curl_ssl_level(StartTls policy) {
  switch (policy) {
    case StartTls::kRequired: return CURLUSESSL_ALL;
    case StartTls::kTry: return CURLUSESSL_TRY;
    case StartTls::kOff: break;
  }
  return CURLUSESSL_NONE;
}

// Hands the message to curl in pieces as it asks for them.
struct Upload {
  std::string_view remaining;
};

size_t read_upload(char* buffer, size_t size, size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const size_t n = std::min(size * count, upload->remaining.size());
  std::memcpy(buffer, upload->remaining.data(), n);
  upload->remaining.remove_prefix(n);
  return n;
}

void replace_all(std::string& text, std::string_view what, std::string_view with) {
  if (what.empty()) return;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
}

UnixSeconds now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

SmtpMailer::SmtpMailer(const SmtpConfig& config)
    : from_{config.from_address, config.from_name},
      timeout_(config.timeout),
      connect_timeout_(std::min(config.timeout, kSmtpConnectTimeout)),
      log_(config.log) {
  init_curl_once();
  if (config.timeout <= std::chrono::milliseconds::zero()) throw std::invalid_argument("SMTP timeout must be positive");
  if (has_line_break_or_nul(config.url) || config.url.find(' ') != std::string::npos)
    throw std::invalid_argument("SMTP URL must not contain spaces or line breaks");
  if (!check_sender(from_))
    throw std::invalid_argument("SMTP sender: need a plain address (no line breaks) and a one-line UTF-8 name");

  const std::unique_ptr<CURLU, CurlUrlDeleter> url(curl_url());
  if (!url) throw std::runtime_error("curl_url failed");
  if (curl_url_set(url.get(), CURLUPART_URL, config.url.c_str(), 0) != CURLUE_OK)
    throw std::invalid_argument("SMTP URL cannot be parsed (expected smtp://host:port or smtps://…)");
  const std::string scheme = url_part(url.get(), CURLUPART_SCHEME);
  if (scheme != "smtp" && scheme != "smtps") throw std::invalid_argument("SMTP URL scheme must be smtp or smtps");
  if (url_part(url.get(), CURLUPART_HOST).empty()) throw std::invalid_argument("SMTP URL has no host");

  user_ = url_part(url.get(), CURLUPART_USER, CURLU_URLDECODE);
  password_ = url_part(url.get(), CURLUPART_PASSWORD, CURLU_URLDECODE);
  login_options_ = url_part(url.get(), CURLUPART_OPTIONS, CURLU_URLDECODE);  // ";AUTH=LOGIN"
  if (has_line_break_or_nul(user_) || has_line_break_or_nul(password_) || has_line_break_or_nul(login_options_))
    throw std::invalid_argument("SMTP URL credentials must not contain line breaks");
  const bool has_credentials = !user_.empty() || !password_.empty();
  starttls_ =
      scheme == "smtps" ? StartTls::kRequired : parse_starttls(url_part(url.get(), CURLUPART_QUERY), has_credentials);

  // Credentials go to curl as options; the URL we keep (and log) carries none.
  curl_url_set(url.get(), CURLUPART_USER, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_PASSWORD, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_OPTIONS, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_QUERY, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_FRAGMENT, nullptr, 0);
  url_ = url_part(url.get(), CURLUPART_URL);
  if (url_.empty()) throw std::runtime_error("SMTP URL could not be rebuilt");
}

Result<void> SmtpMailer::send(const Mail& mail) {
  auto sent = transfer(mail);
  if (!sent && log_) log_("mail to " + mask_address(mail.to) + " failed: " + sent.error().cause());
  return sent;
}

Result<void> SmtpMailer::transfer(const Mail& mail) {
  const UnixSeconds now = now_seconds();
  auto message = build_message(mail, {from_, now, make_message_id(from_.address, now)});
  if (!message) return std::unexpected(message.error());

  const std::unique_ptr<CURL, CurlEasyDeleter> curl(curl_easy_init());
  if (!curl) return fail_logged(ErrorCode::kUnavailable, msg::kSendFailed, "smtp: curl_easy_init failed");

  const std::string mail_from = "<" + from_.address + ">";
  const std::string rcpt = "<" + mail.to + ">";
  const std::unique_ptr<curl_slist, CurlListDeleter> recipients(curl_slist_append(nullptr, rcpt.c_str()));
  if (!recipients) return fail_logged(ErrorCode::kUnavailable, msg::kSendFailed, "smtp: out of memory");

  Upload upload{*message};
  char error_buffer[CURL_ERROR_SIZE] = {};
  CURL* h = curl.get();
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error_buffer);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(h, CURLOPT_URL, url_.c_str());
  if (!user_.empty()) curl_easy_setopt(h, CURLOPT_USERNAME, user_.c_str());
  if (!password_.empty()) curl_easy_setopt(h, CURLOPT_PASSWORD, password_.c_str());
  if (!login_options_.empty()) curl_easy_setopt(h, CURLOPT_LOGIN_OPTIONS, login_options_.c_str());
  curl_easy_setopt(h, CURLOPT_USE_SSL, curl_ssl_level(starttls_));
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(h, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(h, CURLOPT_READDATA, &upload);
  curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message->size()));
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(connect_timeout_.count()));
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_.count()));

  CURLcode rc = CURLE_OK;
  {
    const SigpipeGuard no_sigpipe;
    rc = curl_easy_perform(h);
  }
  if (rc == CURLE_OK) return {};

  long reply = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &reply);
  std::string detail = "smtp " + url_ + ": " + curl_easy_strerror(rc);
  if (error_buffer[0] != '\0') detail += std::string(" (") + error_buffer + ")";
  if (reply != 0) detail += "; last reply " + std::to_string(reply);
  // The password never reaches curl's messages today; make sure it never will.
  replace_all(detail, password_, kRedacted);
  replace_all(detail, mail.to, mask_address(mail.to));  // the server may echo the recipient
  std::erase_if(detail, [](char c) { return c == '\r' || c == '\n'; });
  return fail_logged(ErrorCode::kUnavailable, msg::kSendFailed, detail);
}

}  // namespace pokeca::mail
