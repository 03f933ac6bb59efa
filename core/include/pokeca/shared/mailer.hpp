#pragma once
// Outgoing mail. The SMTP adapter sends it; without SMTP the outbox adapter writes
// an .eml file into the data directory (so the default install needs no mail server).
#include <string>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

struct Mail {
  std::string to;         // one address
  std::string subject;    // Japanese, UTF-8
  std::string text_body;  // plain text, UTF-8, LF line ends
  // When set (an absolute https/http URL), the message carries RFC 2369 List-Unsubscribe
  // and RFC 8058 List-Unsubscribe-Post headers: one-click unsubscribe by POST to it.
  std::string list_unsubscribe_url{};
};

class Mailer {
 public:
  virtual ~Mailer() = default;
  // kUnavailable when the mail could not be handed over (the caller tells the user).
  virtual Result<void> send(const Mail& mail) = 0;
};

}  // namespace pokeca
