#pragma once
// The mailer of an install without SMTP: each mail becomes an .eml file in the outbox
// directory, and one log line names the file and the first link in the body, so an
// operator can open a verification or reset link without a mail server.
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "pokeca/mail/message_builder.hpp"
#include "pokeca/shared/mailer.hpp"

namespace pokeca::mail {

inline constexpr std::filesystem::perms kOutboxDirPerms = std::filesystem::perms::owner_all;
inline constexpr std::filesystem::perms kOutboxFilePerms =
    std::filesystem::perms::owner_read | std::filesystem::perms::owner_write;
inline constexpr std::string_view kOutboxExtension = ".eml";
inline constexpr int kOutboxNameRandomBytes = 8;  // 16 hex digits after the timestamp

// From of outbox mails when no sender is given.
[[nodiscard]] Sender default_outbox_sender();

// The first http:// or https:// link in text, up to whitespace, a non-ASCII byte, a
// quote or an angle bracket (Japanese prose often follows a link without a space),
// without trailing sentence punctuation. Empty when there is none.
[[nodiscard]] std::string_view first_link(std::string_view text);

class OutboxMailer final : public Mailer {
 public:
  using LogFn = std::function<void(std::string_view)>;

  // Creates nothing yet: the directory (0700) is made on the first send, so a
  // directory removed while running comes back. `log` gets one plain-text line per
  // mail (the caller wraps it in its log format) and may be called from any thread.
  OutboxMailer(std::filesystem::path outbox_dir, LogFn log, Sender from = default_outbox_sender());

  // Writes "<20261121T053000Z>-<random>.eml" (0600) via a temporary file and rename, so
  // readers never see a partial file. kUnavailable if the file cannot be written.
  Result<void> send(const Mail& mail) override;

  // send() that also returns the file written (for tests and the e2e harness).
  Result<std::filesystem::path> write(const Mail& mail);

  [[nodiscard]] const std::filesystem::path& directory() const { return dir_; }

 private:
  std::filesystem::path dir_;
  LogFn log_;
  Sender from_;
};

}  // namespace pokeca::mail
