#pragma once
// The one place an outgoing mail becomes RFC 5322 bytes: the outbox writes them to a
// file, the SMTP mailer uploads them. UTF-8 throughout; the subject and sender name as
// MIME encoded-words, the body as base64 text/plain with CRLF line ends.
#include <string>
#include <string_view>

#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/mailer.hpp"
#include "pokeca/shared/time.hpp"
#include "pokeca/shared/utf8.hpp"  // is_valid_utf8: mail text must be UTF-8

namespace pokeca::mail {

// Encoded-words carry at most this many bytes of UTF-8 each, cut on character
// boundaries: 42 bytes → 56 base64 characters, so "Subject: " plus one word stays
// within RFC 5322's 78-character line recommendation.
inline constexpr std::size_t kEncodedWordMaxBytes = 42;
inline constexpr std::size_t kBase64LineLength = 76;  // RFC 2045 §6.8
inline constexpr std::size_t kMaxSubjectBytes = 512;
inline constexpr std::size_t kMaxBodyBytes = 256 * 1024;
// RFC 5322's hard line limit is 998; the List-Unsubscribe URL stays well inside it.
inline constexpr std::size_t kMaxUnsubscribeUrlBytes = 900;

struct Sender {
  std::string address;       // "no-reply@example.com"
  std::string display_name;  // UTF-8, may be empty ("ポケカ販売店マップ")
};

struct MessageMeta {
  Sender from;
  UnixSeconds date = 0;
  std::string message_id;  // "id@domain", without angle brackets (see make_message_id)
};

// kInternal when the sender is unusable (bad address, CR/LF or invalid UTF-8 in the
// name): a configuration bug, never the user's fault.
[[nodiscard]] Result<void> check_sender(const Sender& from);

// Checks the mail and the sender, then builds the whole message (headers, blank line,
// base64 body), CRLF line ends, ready for DATA. Refuses anything that could inject a
// header or an SMTP command: kBadRequest for an unacceptable recipient, kInternal for
// CR/LF or invalid UTF-8 in the subject, an invalid body or an unusable sender.
[[nodiscard]] Result<std::string> build_message(const Mail& mail, const MessageMeta& meta);

// "20261121T053000Z.<16 random hex>@<sender's domain>" (unique, no brackets).
[[nodiscard]] std::string make_message_id(std::string_view from_address, UnixSeconds date);

// "Sat, 21 Nov 2026 05:30:00 +0000" (RFC 5322 §3.3, always UTC).
[[nodiscard]] std::string format_mail_date(UnixSeconds t);

// "20261121T053000Z" (ISO 8601 basic format, UTC): sorts as text in time order.
[[nodiscard]] std::string format_compact_utc(UnixSeconds t);

// "=?UTF-8?B?…?=" words, folded with CRLF SP between them. Expects valid UTF-8.
[[nodiscard]] std::string encode_header_text(std::string_view utf8);

}  // namespace pokeca::mail
