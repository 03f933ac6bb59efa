#include "pokeca/mail/message_builder.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "base64.hpp"
#include "pokeca/mail/mail_address.hpp"
#include "pokeca/mail/mail_messages.hpp"
#include "random_hex.hpp"

namespace pokeca::mail {
namespace {

constexpr int kMessageIdRandomBytes = 8;
constexpr std::size_t kMaxHeaderLine = 78;  // RFC 5322 §2.1.1 "SHOULD"
constexpr std::string_view kFromPrefix = "From: ";

bool has_line_break(std::string_view text) { return text.find_first_of("\r\n") != std::string_view::npos; }

// Any C0 control or DEL: header text is one line of printable characters.
bool has_control(std::string_view text) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) return true;
  }
  return false;
}

// Length of the UTF-8 sequence starting with lead byte b (1 for continuation bytes,
// which valid input never starts with).
bool is_ascii(std::string_view text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

std::size_t sequence_length(unsigned char b) {
  if (b < 0xC0) return 1;
  if (b < 0xE0) return 2;
  if (b < 0xF0) return 3;
  return 4;
}

// LF, CRLF and lone CR all become CRLF.
std::string to_crlf(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r') {
      out += "\r\n";
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else if (c == '\n') {
      out += "\r\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::chrono::sys_seconds to_sys(UnixSeconds t) { return std::chrono::sys_seconds{std::chrono::seconds{t}}; }

struct UtcFields {
  int year;
  unsigned month, day, weekday, hour, minute, second;
};

UtcFields utc_fields(UnixSeconds t) {
  const auto tp = to_sys(t);
  const auto day = std::chrono::floor<std::chrono::days>(tp);
  const std::chrono::year_month_day ymd{day};
  const std::chrono::hh_mm_ss hms{tp - day};
  return {static_cast<int>(ymd.year()),
          static_cast<unsigned>(ymd.month()),
          static_cast<unsigned>(ymd.day()),
          std::chrono::weekday{day}.c_encoding(),
          static_cast<unsigned>(hms.hours().count()),
          static_cast<unsigned>(hms.minutes().count()),
          static_cast<unsigned>(hms.seconds().count())};
}

// The value after "From: "; the address goes on a folded line of its own when it
// would push the name's last line past kMaxHeaderLine.
std::string from_header(const Sender& from) {
  std::string address = "<" + header_address(from.address) + ">";
  if (from.display_name.empty()) return address;
  std::string out = encode_header_text(from.display_name);
  const std::size_t last_line_start = out.rfind("\r\n");
  const std::size_t last_line =
      last_line_start == std::string::npos ? kFromPrefix.size() + out.size() : out.size() - last_line_start - 2;
  out += last_line + 1 + address.size() > kMaxHeaderLine ? "\r\n " : " ";
  out += address;
  return out;
}

}  // namespace

std::string encode_header_text(std::string_view utf8) {
  std::string out;
  std::size_t at = 0;
  while (at < utf8.size()) {
    // Take whole characters up to kEncodedWordMaxBytes (one character always fits).
    std::size_t end = at;
    while (end < utf8.size()) {
      const std::size_t n = sequence_length(static_cast<unsigned char>(utf8[end]));
      if (end + n - at > kEncodedWordMaxBytes) break;
      end += n;
    }
    end = std::min(end, utf8.size());
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?";
    out += base64_encode(utf8.substr(at, end - at));
    out += "?=";
    at = end;
  }
  return out;
}

std::string format_mail_date(UnixSeconds t) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const UtcFields f = utc_fields(t);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%s, %02u %s %04d %02u:%02u:%02u +0000", kDays[f.weekday], f.day, kMonths[f.month - 1],
                f.year, f.hour, f.minute, f.second);
  return buf;
}

std::string format_compact_utc(UnixSeconds t) {
  const UtcFields f = utc_fields(t);
  char buf[24];
  std::snprintf(buf, sizeof buf, "%04d%02u%02uT%02u%02u%02uZ", f.year, f.month, f.day, f.hour, f.minute, f.second);
  return buf;
}

std::string make_message_id(std::string_view from_address, UnixSeconds date) {
  const std::size_t at = from_address.rfind('@');
  const std::string_view domain =
      at == std::string_view::npos ? std::string_view("localhost") : from_address.substr(at + 1);
  return format_compact_utc(date) + "." + random_hex(kMessageIdRandomBytes) + "@" + std::string(domain);
}

Result<void> check_sender(const Sender& from) {
  if (!is_acceptable_address(from.address))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: unusable sender address");
  if (has_control(from.display_name) || !is_valid_utf8(from.display_name))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed,
                       "mail: sender name has a line break, a control character or invalid UTF-8");
  return {};
}

Result<std::string> build_message(const Mail& mail, const MessageMeta& meta) {
  // The recipient goes on an SMTP command line and in a header: only plain addresses.
  if (!is_acceptable_address(mail.to)) return fail(ErrorCode::kBadRequest, msg::kBadRecipient);
  if (auto ok = check_sender(meta.from); !ok) return std::unexpected(ok.error());
  if (has_line_break(mail.subject) || has_control(mail.subject))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: subject has a line break or a control character");
  if (mail.subject.size() > kMaxSubjectBytes || !is_valid_utf8(mail.subject))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: subject too long or not UTF-8");
  if (mail.text_body.size() > kMaxBodyBytes || !is_valid_utf8(mail.text_body))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: body too long or not UTF-8");
  if (meta.message_id.empty() || has_control(meta.message_id) ||
      meta.message_id.find_first_of("<> ") != std::string::npos || meta.message_id.find('@') == std::string::npos)
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: malformed Message-ID");

  // List-Unsubscribe: our own absolute URL; nothing that could end the <…> or the line.
  const std::string_view unsubscribe = mail.list_unsubscribe_url;
  if (!unsubscribe.empty() && (unsubscribe.size() > kMaxUnsubscribeUrlBytes || has_control(unsubscribe) ||
                               unsubscribe.find_first_of("<> ,") != std::string_view::npos || !is_ascii(unsubscribe) ||
                               !(unsubscribe.starts_with("https://") || unsubscribe.starts_with("http://"))))
    return fail_logged(ErrorCode::kInternal, msg::kSendFailed, "mail: unusable List-Unsubscribe URL");

  const std::string body = base64_encode_lines(to_crlf(mail.text_body), kBase64LineLength);

  std::string out;
  out.reserve(body.size() + 512);
  out += "Date: " + format_mail_date(meta.date) + "\r\n";
  out += std::string(kFromPrefix) + from_header(meta.from) + "\r\n";
  out += "To: " + header_address(mail.to) + "\r\n";
  out += "Subject: " + encode_header_text(mail.subject) + "\r\n";
  out += "Message-ID: <" + meta.message_id + ">\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: base64\r\n";
  out += "Auto-Submitted: auto-generated\r\n";  // RFC 3834: no auto-replies, please
  if (!unsubscribe.empty()) {
    // RFC 2369 and RFC 8058: mail programs offer one-click unsubscribe by POST.
    out += "List-Unsubscribe: <" + std::string(unsubscribe) + ">\r\n";
    out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  out += "\r\n";
  out += body;
  return out;
}

}  // namespace pokeca::mail
