#include "pokeca/crypto/key_file.hpp"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "sodium.hpp"

namespace pokeca::crypto {
namespace {

[[noreturn]] void fail_with(const std::filesystem::path& file, const std::string& what) {
  throw std::runtime_error(file.string() + ": " + what);
}

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string read_key(const std::filesystem::path& file, std::size_t bytes) {
  Fd f{::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)};
  if (f.fd < 0) fail_with(file, std::string("cannot read the key: ") + std::strerror(errno));
  struct stat st{};
  if (::fstat(f.fd, &st) != 0) fail_with(file, std::string("cannot stat the key: ") + std::strerror(errno));
  if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0)
    fail_with(file, "the key file is readable by others; run: chmod 600 " + file.string());
  std::string key(bytes + 1, '\0');  // one more byte, to notice a longer file
  std::size_t got = 0;
  while (got < key.size()) {
    const auto n = ::read(f.fd, key.data() + got, key.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_with(file, std::string("cannot read the key: ") + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got != bytes) fail_with(file, "the key file must hold exactly " + std::to_string(bytes) + " bytes");
  key.resize(bytes);
  return key;
}

void write_new_key(const std::filesystem::path& tmp, std::size_t bytes) {
  Fd f{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, S_IRUSR | S_IWUSR)};
  if (f.fd < 0) fail_with(tmp, std::string("cannot create the key: ") + std::strerror(errno));
  std::string key(bytes, '\0');
  randombytes_buf(key.data(), key.size());
  std::size_t written = 0;
  while (written < key.size()) {
    const auto n = ::write(f.fd, key.data() + written, key.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_with(tmp, std::string("cannot write the key: ") + std::strerror(errno));
    written += static_cast<std::size_t>(n);
  }
  sodium_memzero(key.data(), key.size());
  if (::fsync(f.fd) != 0) fail_with(tmp, std::string("cannot sync the key: ") + std::strerror(errno));
}

}  // namespace

std::string random_key(std::size_t bytes) {
  ensure_sodium();
  std::string key(bytes, '\0');
  randombytes_buf(key.data(), key.size());
  return key;
}

std::string load_or_create_key_file(const std::filesystem::path& file, std::size_t bytes) {
  ensure_sodium();
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    // Written whole under a private name, then linked into place: link() fails if the
    // name exists, so a second process starting at the same moment keeps the first key
    // and nobody ever reads a half-written file.
    auto tmp = file;
    tmp += ".tmp-" + std::to_string(::getpid());
    try {
      write_new_key(tmp, bytes);
    } catch (...) {
      ::unlink(tmp.c_str());
      throw;
    }
    const int linked = ::link(tmp.c_str(), file.c_str());
    const int link_errno = errno;
    ::unlink(tmp.c_str());
    if (linked != 0 && link_errno != EEXIST)
      fail_with(file, std::string("cannot create the key: ") + std::strerror(link_errno));
  }
  return read_key(file, bytes);
}

}  // namespace pokeca::crypto
