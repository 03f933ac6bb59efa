// pokeca-photo-worker: one upload on stdin (a length-prefixed frame), the processed
// photo or a domain error on stdout, exit 0. Before reading a byte it limits its own
// address space and CPU time (the parent passes the limits), turns off core dumps and
// forbids writing files. Started by IsolatedPhotoProcessor; not meant to be run by hand.
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <string_view>

#include "pokeca/media/in_process_photo_processor.hpp"
#include "worker_protocol.hpp"

namespace {

bool read_exactly(int fd, std::byte* out, std::size_t n) {
  while (n > 0) {
    const ssize_t r = ::read(fd, out, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    out += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

bool write_all(int fd, const std::byte* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool parse_flag(std::string_view arg, std::string_view name, std::uint64_t& value) {
  if (!arg.starts_with(name)) return false;
  arg.remove_prefix(name.size());
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), value);
  return ec == std::errc() && end == arg.data() + arg.size() && value > 0;
}

void set_limit(int resource, rlim_t value) {
  rlimit limit{value, value};
  if (::setrlimit(resource, &limit) != 0) std::perror("pokeca-photo-worker: setrlimit");
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t memory = 0;
  std::uint64_t cpu = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!parse_flag(arg, "--max-memory-bytes=", memory) && !parse_flag(arg, "--max-cpu-seconds=", cpu)) {
      std::fprintf(stderr, "usage: pokeca-photo-worker --max-memory-bytes=N --max-cpu-seconds=N\n");
      return 2;
    }
  }
  if (memory == 0 || cpu == 0) {
    std::fprintf(stderr, "usage: pokeca-photo-worker --max-memory-bytes=N --max-cpu-seconds=N\n");
    return 2;
  }
#if !defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of shadow address space, so RLIMIT_AS can only
  // be enforced in non-sanitizer builds.
  set_limit(RLIMIT_AS, memory);
#endif
  set_limit(RLIMIT_CPU, cpu);  // SIGXCPU, then SIGKILL at the hard limit
  set_limit(RLIMIT_CORE, 0);
  set_limit(RLIMIT_FSIZE, 0);

  std::byte header[pokeca::media::kFrameHeaderBytes];
  if (!read_exactly(STDIN_FILENO, header, sizeof header)) return 1;
  const std::uint64_t length = pokeca::media::decode_frame_header(header);
  if (length > pokeca::kMaxPhotoBytes) return 1;
  std::vector<std::byte> upload(length);
  if (!read_exactly(STDIN_FILENO, upload.data(), upload.size())) return 1;

  const auto result = pokeca::media::InProcessPhotoProcessor{}.process(upload);
  const auto response = pokeca::media::encode_response(result);
  return write_all(STDOUT_FILENO, response.data(), response.size()) ? 0 : 1;
}
