// FilePhotoStore with the server's real SHA-256 (libsodium): layout, mode, atomicity
// leftovers, idempotence.
#include "pokeca/media/file_photo_store.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <optional>
#include <thread>
#include <vector>

#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/testing/temp_dir.hpp"

namespace pokeca::media {
namespace {

namespace fs = std::filesystem;
using pokeca::testing::TempDir;

constexpr std::string_view kAbcSha256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

std::vector<std::byte> bytes(std::string_view s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t files_under(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) ++n;
  return n;
}

TEST(FilePhotoStore, StoresUnderTheSha256InAShardDirectoryWorldReadable) {
  TempDir dir;
  FilePhotoStore store(dir.path() / "photos", crypto::sha256_hex);
  const auto hash = store.put(bytes("abc"));
  ASSERT_TRUE(hash) << hash.error().detail;
  EXPECT_EQ(*hash, kAbcSha256);
  const auto file = dir.path() / "photos" / "ba" / (std::string(kAbcSha256) + ".jpg");
  EXPECT_EQ(store.path_of(*hash), file);
  EXPECT_EQ(read(file), "abc");
  struct stat st{};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  EXPECT_EQ(files_under(dir.path()), 1u);  // no temporary file left behind
}

// The HTTP adapter serves photos through read(): it never builds a path itself.
TEST(FilePhotoStore, ReadGivesTheStoredBytesAndNothingForAnythingElse) {
  TempDir dir;
  FilePhotoStore store(dir.path(), crypto::sha256_hex);
  const auto hash = store.put(bytes("abc")).value();
  const auto stored = store.read(hash);
  ASSERT_TRUE(stored);
  ASSERT_TRUE(stored->has_value());
  EXPECT_EQ(**stored, "abc");
  const std::string absent(64, 'e');
  EXPECT_EQ(store.read(absent).value(), std::nullopt);                        // never stored
  EXPECT_EQ(store.read("../" + std::string(61, 'a')).value(), std::nullopt);  // not a hash
  EXPECT_EQ(store.read(std::string(kAbcSha256).substr(1)).value(), std::nullopt);
  ASSERT_TRUE(store.remove(hash));
  EXPECT_EQ(store.read(hash).value(), std::nullopt);  // removed (a rejected submission)
}

TEST(FilePhotoStore, TheSameBytesAreStoredOnce) {
  TempDir dir;
  FilePhotoStore store(dir.path(), crypto::sha256_hex);
  const auto first = store.put(bytes("photo")).value();
  const auto mtime = fs::last_write_time(store.path_of(first));
  EXPECT_EQ(store.put(bytes("photo")).value(), first);
  EXPECT_EQ(fs::last_write_time(store.path_of(first)), mtime);  // untouched
  EXPECT_NE(store.put(bytes("other")).value(), first);
  EXPECT_EQ(files_under(dir.path()), 2u);
}

TEST(FilePhotoStore, ConcurrentPutsOfTheSameBytesAgree) {
  TempDir dir;
  FilePhotoStore store(dir.path(), crypto::sha256_hex);
  const auto payload = bytes(std::string(100'000, 'x'));
  std::vector<std::thread> threads;
  std::vector<std::string> hashes(8);
  for (std::size_t i = 0; i < hashes.size(); ++i)
    threads.emplace_back([&, i] { hashes[i] = store.put(payload).value_or(""); });
  for (auto& t : threads) t.join();
  for (const auto& h : hashes) EXPECT_EQ(h, hashes[0]);
  EXPECT_EQ(read(store.path_of(hashes[0])).size(), payload.size());
  EXPECT_EQ(files_under(dir.path()), 1u);
}

TEST(FilePhotoStore, AnUnwritableDirectoryIsAnInternalError) {
  TempDir dir;
  FilePhotoStore store(dir.path() / "photos", crypto::sha256_hex);
  fs::permissions(dir.path() / "photos", fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
  const auto r = store.put(bytes("abc"));
  fs::permissions(dir.path() / "photos", fs::perms::owner_all, fs::perm_options::replace);
  if (::geteuid() == 0) GTEST_SKIP() << "root writes anywhere";
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kInternal);
}

TEST(FilePhotoStore, AHashFunctionThatIsNotSha256HexIsRefused) {
  TempDir dir;
  FilePhotoStore store(dir.path(), [](std::string_view) { return std::string("../../etc/passwd"); });
  EXPECT_EQ(store.put(bytes("abc")).error().code, ErrorCode::kInternal);
  EXPECT_EQ(files_under(dir.path()), 0u);
}

}  // namespace
}  // namespace pokeca::media
