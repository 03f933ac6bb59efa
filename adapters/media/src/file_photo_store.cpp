#include "pokeca/media/file_photo_store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "pokeca/shared/messages.hpp"

namespace pokeca::media {
namespace {

namespace fs = std::filesystem;

constexpr mode_t kFileMode = 0644;  // served by this process (and perhaps a proxy): world-readable
constexpr fs::perms kDirPerms = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec;

std::unexpected<DomainError> write_failed(const std::string& what) {
  return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, what + ": " + std::strerror(errno));
}

// Closes the descriptor and removes the temporary file unless it was renamed.
struct TempFile {
  int fd = -1;
  std::string path;
  bool renamed = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!renamed && !path.empty()) ::unlink(path.c_str());
  }
};

bool write_all(int fd, std::span<const std::byte> bytes) {
  const auto* p = reinterpret_cast<const char*>(bytes.data());
  std::size_t left = bytes.size();
  while (left > 0) {
    const auto n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// After a rename, the directory entry itself must reach the disk.
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

std::atomic<unsigned long> temp_counter{0};

}  // namespace

FilePhotoStore::FilePhotoStore(fs::path dir, ContentHash hash) : dir_(std::move(dir)), hash_(std::move(hash)) {
  fs::create_directories(dir_);
  fs::permissions(dir_, kDirPerms, fs::perm_options::replace);
}

fs::path FilePhotoStore::path_of(std::string_view hash) const {
  return dir_ / std::string(hash.substr(0, kPhotoShardHexChars)) /
         (std::string(hash) + std::string(kPhotoFileExtension));
}

Result<std::optional<std::string>> FilePhotoStore::read(std::string_view hash) const {
  if (!is_photo_hash(hash)) return std::optional<std::string>{};  // never a path we made
  const auto file = path_of(hash);
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxStoredPhotoFileBytes) return std::optional<std::string>{};
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::optional<std::string>{};  // removed since (a rejected submission)
  std::string bytes(static_cast<std::size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size)))
    return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "read " + file.string());
  return std::optional<std::string>(std::move(bytes));
}

Result<void> FilePhotoStore::remove(std::string_view hash) {
  if (!is_photo_hash(hash)) return {};  // never a path we made: nothing of ours to delete
  std::error_code ec;
  fs::remove(path_of(hash), ec);  // a missing file is fine
  if (ec) return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, ec.message());
  return {};
}

Result<std::string> FilePhotoStore::put(std::span<const std::byte> jpeg) {
  std::string hash = hash_(std::string_view(reinterpret_cast<const char*>(jpeg.data()), jpeg.size()));
  if (!is_photo_hash(hash))
    return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "content hash is not 64 hex");
  const auto final_path = path_of(hash);
  std::error_code ec;
  if (fs::exists(final_path, ec)) return hash;  // same name, same bytes: already stored

  const auto shard = final_path.parent_path();
  if (!fs::is_directory(shard, ec)) {
    fs::create_directories(shard, ec);
    if (ec)
      return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "mkdir " + shard.string() + ": " + ec.message());
    fs::permissions(shard, kDirPerms, fs::perm_options::replace, ec);
  }
  TempFile temp;
  temp.path =
      (shard / (".tmp-" + hash + "-" + std::to_string(::getpid()) + "-" + std::to_string(temp_counter.fetch_add(1))))
          .string();
  temp.fd = ::open(temp.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kFileMode);
  if (temp.fd < 0) {
    temp.path.clear();  // not ours to remove
    return write_failed("open " + shard.string());
  }
  if (::fchmod(temp.fd, kFileMode) != 0) return write_failed("fchmod");  // whatever the umask
  if (!write_all(temp.fd, jpeg)) return write_failed("write");
  if (::fsync(temp.fd) != 0) return write_failed("fsync");
  if (::close(temp.fd) != 0) {
    temp.fd = -1;
    return write_failed("close");
  }
  temp.fd = -1;
  // A concurrent put of the same bytes may win the race: rename replaces its file with
  // an identical one, which readers cannot tell apart.
  if (::rename(temp.path.c_str(), final_path.c_str()) != 0) return write_failed("rename");
  temp.renamed = true;
  sync_directory(shard);
  return hash;
}

}  // namespace pokeca::media
