#include "pokeca/mail/outbox_mailer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>
#include <utility>

#include "pokeca/mail/mail_address.hpp"
#include "pokeca/mail/mail_messages.hpp"
#include "random_hex.hpp"

namespace pokeca::mail {
namespace {

namespace fs = std::filesystem;

UnixSeconds now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::unexpected<DomainError> io_failure(std::string_view what, const fs::path& path, int err) {
  return fail_logged(ErrorCode::kUnavailable, msg::kSendFailed,
                     "outbox: " + std::string(what) + " " + path.string() + ": " + std::strerror(err));
}

// Creates the directory (and its parents) when missing; the last level gets 0700.
Result<void> ensure_directory(const fs::path& dir) {
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return {};
  if (dir.has_parent_path()) {
    fs::create_directories(dir.parent_path(), ec);
    if (ec) return io_failure("mkdir", dir.parent_path(), ec.value());
  }
  if (::mkdir(dir.c_str(), static_cast<mode_t>(kOutboxDirPerms)) != 0 && errno != EEXIST)
    return io_failure("mkdir", dir, errno);
  if (!fs::is_directory(dir, ec)) return io_failure("mkdir", dir, ENOTDIR);
  return {};
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] int get() const { return fd_; }
  // Closes now and reports the error close() may carry (deferred write errors).
  int close() { return ::close(std::exchange(fd_, -1)) == 0 ? 0 : errno; }

 private:
  int fd_;
};

int write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// Writes bytes to `temp` (new file, 0600), flushes it to disk and renames it to `final`.
Result<void> write_atomically(const fs::path& temp, const fs::path& final_path, std::string_view bytes) {
  const auto mode = static_cast<mode_t>(kOutboxFilePerms);
  FileDescriptor fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode));
  if (fd.get() < 0) return io_failure("open", temp, errno);
  int err = ::fchmod(fd.get(), mode) == 0 ? 0 : errno;  // exact, whatever the umask
  if (err == 0) err = write_all(fd.get(), bytes);
  if (err == 0 && ::fsync(fd.get()) != 0) err = errno;
  if (const int closed = fd.close(); err == 0) err = closed;
  if (err == 0 && ::rename(temp.c_str(), final_path.c_str()) != 0) err = errno;
  if (err != 0) {
    ::unlink(temp.c_str());
    return io_failure("write", final_path, err);
  }
  // Make the rename itself durable; a failure here loses nothing already visible.
  if (const int dir = ::open(final_path.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return {};
}

}  // namespace

Sender default_outbox_sender() { return {"no-reply@localhost", "ポケカ販売店マップ"}; }

std::string_view first_link(std::string_view text) {
  std::size_t start = std::string_view::npos;
  for (const std::string_view scheme : {"https://", "http://"}) {
    const std::size_t at = text.find(scheme);
    if (at != std::string_view::npos && (start == std::string_view::npos || at < start)) start = at;
  }
  if (start == std::string_view::npos) return {};
  std::size_t end = start;
  while (end < text.size()) {
    const auto c = static_cast<unsigned char>(text[end]);
    if (c <= 0x20 || c >= 0x7F || c == '"' || c == '\'' || c == '<' || c == '>') break;
    ++end;
  }
  std::string_view link = text.substr(start, end - start);
  while (!link.empty() && std::string_view(".,;:!?)").find(link.back()) != std::string_view::npos)
    link.remove_suffix(1);
  return link;
}

OutboxMailer::OutboxMailer(std::filesystem::path outbox_dir, LogFn log, Sender from)
    : dir_(std::move(outbox_dir)), log_(std::move(log)), from_(std::move(from)) {}

Result<void> OutboxMailer::send(const Mail& mail) {
  auto written = write(mail);
  if (!written) return std::unexpected(written.error());
  return {};
}

Result<std::filesystem::path> OutboxMailer::write(const Mail& mail) {
  const UnixSeconds now = now_seconds();
  auto bytes = build_message(mail, {from_, now, make_message_id(from_.address, now)});
  if (!bytes) return std::unexpected(bytes.error());
  if (auto ok = ensure_directory(dir_); !ok) return std::unexpected(ok.error());

  // Time first so names sort in time order; 64 random bits make them unique.
  const std::string name =
      format_compact_utc(now) + "-" + random_hex(kOutboxNameRandomBytes) + std::string(kOutboxExtension);
  const fs::path final_path = dir_ / name;
  // A dot file without the .eml extension: nothing that lists the outbox picks it up.
  const fs::path temp = dir_ / ("." + name + ".tmp");
  if (auto ok = write_atomically(temp, final_path, *bytes); !ok) return std::unexpected(ok.error());

  if (log_) {
    const std::string_view link = first_link(mail.text_body);
    std::string line = "mail written to outbox: " + final_path.string() + " (to " + mask_address(mail.to) + ")";
    line += link.empty() ? std::string(", no link") : ", link: " + std::string(link);
    log_(line);
  }
  return final_path;
}

}  // namespace pokeca::mail
