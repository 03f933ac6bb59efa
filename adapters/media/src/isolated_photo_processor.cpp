#include "pokeca/media/isolated_photo_processor.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

#include "pokeca/media/photo_format.hpp"
#include "pokeca/shared/messages.hpp"
#include "worker_protocol.hpp"

extern char** environ;  // NOLINT: POSIX

namespace pokeca::media {
namespace {

using Clock = std::chrono::steady_clock;

std::unexpected<DomainError> processing_failed() {
  return fail(ErrorCode::kUnsupportedMedia, msg::kPhotoProcessingFailed, "photo/processing-failed");
}

std::unexpected<DomainError> internal_failure() { return fail(ErrorCode::kInternal, msg::kInternal, "photo/internal"); }

struct Fd {
  int fd = -1;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

// Waits for the child until the deadline, then kills it; always reaps it.
bool reap(pid_t pid, Clock::time_point deadline, int& status, rusage& usage) {
  for (;;) {
    const pid_t r = ::wait4(pid, &status, WNOHANG, &usage);
    if (r == pid) return true;
    if (r < 0 && errno != EINTR) return false;
    if (Clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ::kill(pid, SIGKILL);
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  return false;
}

}  // namespace

IsolatedPhotoProcessor::IsolatedPhotoProcessor(IsolatedPhotoProcessorConfig config) : config_(std::move(config)) {
  if (config_.worker_path.empty()) throw std::invalid_argument("photo worker: no executable path given");
  if (config_.memory_limit_bytes == 0 || config_.cpu_seconds <= 0 || config_.timeout.count() <= 0) {
    throw std::invalid_argument("photo worker: limits must be positive");
  }
  if (::access(config_.worker_path.c_str(), X_OK) != 0) {
    throw std::invalid_argument("photo worker: not an executable file: " + config_.worker_path);
  }
}

Result<ProcessedPhoto> IsolatedPhotoProcessor::process(std::span<const std::byte> upload) const {
  return process(upload, nullptr);
}

Result<ProcessedPhoto> IsolatedPhotoProcessor::process(std::span<const std::byte> upload, WorkerUsage* usage) const {
  // The cheap refusals need no worker.
  if (upload.size() > kMaxPhotoBytes) {
    return fail(ErrorCode::kPayloadTooLarge, msg::kPhotoTooLarge, "photo/too-large");
  }
  if (!sniff_photo_format(upload)) {
    return fail(ErrorCode::kUnsupportedMedia, msg::kPhotoUnsupportedType, "photo/unsupported-type");
  }

  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return internal_failure();
  Fd parent{pair[0]};
  Fd child{pair[1]};

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, child.fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, child.fd, STDOUT_FILENO);
  std::string memory_arg = "--max-memory-bytes=" + std::to_string(config_.memory_limit_bytes);
  std::string cpu_arg = "--max-cpu-seconds=" + std::to_string(config_.cpu_seconds);
  std::string path = config_.worker_path;
  char* argv[] = {path.data(), memory_arg.data(), cpu_arg.data(), nullptr};
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  child.reset();
  if (spawned != 0) return internal_failure();

  const auto deadline = Clock::now() + config_.timeout;
  const int flags = ::fcntl(parent.fd, F_GETFL);
  ::fcntl(parent.fd, F_SETFL, flags | O_NONBLOCK);

  const auto header = encode_frame_header(upload.size());
  std::size_t sent = 0;
  const std::size_t to_send = header.size() + upload.size();
  std::vector<std::byte> response;
  std::uint64_t expected = 0;  // payload length once the header is in
  bool timed_out = false;
  bool complete = false;
  std::byte buffer[64 * 1024];
  while (!complete) {
    const int wait_ms = remaining_ms(deadline);
    if (wait_ms == 0) {
      timed_out = true;
      break;
    }
    pollfd p{parent.fd, static_cast<short>(POLLIN | (sent < to_send ? POLLOUT : 0)), 0};
    const int n = ::poll(&p, 1, wait_ms);
    if (n < 0 && errno != EINTR) break;
    if (n <= 0) continue;
    if ((p.revents & POLLOUT) != 0 && sent < to_send) {
      const std::byte* from = sent < header.size() ? header.data() + sent : upload.data() + (sent - header.size());
      const std::size_t len = sent < header.size() ? header.size() - sent : to_send - sent;
      const ssize_t w = ::send(parent.fd, from, len, MSG_NOSIGNAL);
      if (w > 0) {
        sent += static_cast<std::size_t>(w);
        if (sent == to_send) ::shutdown(parent.fd, SHUT_WR);  // end of input for the worker
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        sent = to_send;  // the worker is gone; read what it said, if anything
      }
    }
    if ((p.revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const ssize_t r = ::recv(parent.fd, buffer, sizeof buffer, 0);
      if (r == 0) break;  // EOF
      if (r < 0) {
        if (errno == EAGAIN || errno == EINTR) continue;
        break;
      }
      response.insert(response.end(), buffer, buffer + r);
      if (expected == 0 && response.size() >= kFrameHeaderBytes) {
        expected =
            decode_frame_header(std::span<const std::byte, kFrameHeaderBytes>(response.data(), kFrameHeaderBytes));
        if (expected == 0 || expected > kMaxResponseBytes) break;
      }
      if (expected != 0 && response.size() > kFrameHeaderBytes + expected) break;  // garbage after the frame
      complete = expected != 0 && response.size() == kFrameHeaderBytes + expected;
    }
  }
  parent.reset();

  int status = 0;
  rusage used{};
  if (timed_out) {
    ::kill(pid, SIGKILL);
    while (::wait4(pid, &status, 0, &used) < 0 && errno == EINTR) {
    }
  } else {
    // A worker that answered exits at once; give it a moment, never the whole timeout.
    const auto grace = std::min(deadline, Clock::now() + std::chrono::seconds(2));
    if (!reap(pid, grace, status, used)) timed_out = true;
  }
  if (usage != nullptr) {
    usage->max_rss_kib = used.ru_maxrss;
    usage->user_seconds = static_cast<double>(used.ru_utime.tv_sec) + used.ru_utime.tv_usec / 1e6;
    usage->system_seconds = static_cast<double>(used.ru_stime.tv_sec) + used.ru_stime.tv_usec / 1e6;
  }
  if (timed_out || !complete || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return processing_failed();
  auto decoded = decode_response_payload(std::span(response).subspan(kFrameHeaderBytes));
  if (!decoded) return processing_failed();
  return std::move(*decoded);
}

}  // namespace pokeca::media
