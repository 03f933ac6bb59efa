// The PhotoStore port (a backend contract test, backend.hpp): content-addressed photo
// bytes. With SQLite they are files in the data directory (FilePhotoStore); with
// PostgreSQL rows of the database, so that every server of one database serves them.
// Both name bytes by their SHA-256, store the same bytes once, read back exactly what was
// stored, and keep it across a restart.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "backend.hpp"
#include "pokeca/contributions/photo_store.hpp"

namespace pokeca::storage {
namespace {

constexpr std::string_view kAbcSha256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

std::vector<std::byte> bytes(std::string_view s) {
  std::vector<std::byte> out;
  out.reserve(s.size());
  for (const char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

// Every byte value, NUL and 0xff included, repeated to `size` bytes.
std::string every_byte(std::size_t size) {
  std::string out(size, '\0');
  for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<char>((i * 7 + i / 256) % 256);
  return out;
}

template <class Backend>
class PhotoStoreTest : public testing::BackendTest<Backend> {};
TYPED_TEST_SUITE(PhotoStoreTest, testing::PhotoStoreBackends, testing::BackendName);

TYPED_TEST(PhotoStoreTest, PutNamesTheBytesByTheirSha256AndReadGivesThemBack) {
  const auto hash = this->photo_store.put(bytes("abc"));
  ASSERT_TRUE(hash) << hash.error().detail;
  EXPECT_EQ(*hash, kAbcSha256);
  EXPECT_EQ(this->photo_store.read(*hash).value(), std::optional<std::string>("abc"));

  const auto jpeg = every_byte(300'000);  // a re-encoded photo's size, every byte value
  const auto large = this->photo_store.put(bytes(jpeg)).value();
  const auto back = this->photo_store.read(large).value();
  ASSERT_TRUE(back);
  EXPECT_EQ(back->size(), jpeg.size());
  EXPECT_TRUE(*back == jpeg);
}

TYPED_TEST(PhotoStoreTest, ReadOfAnythingNotStoredIsNothing) {
  ASSERT_TRUE(this->photo_store.put(bytes("abc")));
  EXPECT_EQ(this->photo_store.read(std::string(kPhotoHashHexChars, 'e')).value(), std::nullopt);  // never stored
  EXPECT_EQ(this->photo_store.read("../" + std::string(61, 'a')).value(), std::nullopt);          // not a hash
  EXPECT_EQ(this->photo_store.read(kAbcSha256.substr(1)).value(), std::nullopt);
  EXPECT_EQ(this->photo_store.read("").value(), std::nullopt);
}

TYPED_TEST(PhotoStoreTest, TheSameBytesAreStoredOnceAndOthersApart) {
  const auto first = this->photo_store.put(bytes("photo")).value();
  EXPECT_EQ(this->photo_store.put(bytes("photo")).value(), first);
  const auto other = this->photo_store.put(bytes("other")).value();
  EXPECT_NE(other, first);
  EXPECT_EQ(this->photo_store.read(first).value(), std::optional<std::string>("photo"));
  EXPECT_EQ(this->photo_store.read(other).value(), std::optional<std::string>("other"));
}

TYPED_TEST(PhotoStoreTest, RemoveDeletesOnlyThatPhotoAndAMissingOneIsNoError) {
  const auto gone = this->photo_store.put(bytes("rejected")).value();
  const auto kept = this->photo_store.put(bytes("approved")).value();
  ASSERT_TRUE(this->photo_store.remove(gone));
  EXPECT_EQ(this->photo_store.read(gone).value(), std::nullopt);
  EXPECT_EQ(this->photo_store.read(kept).value(), std::optional<std::string>("approved"));
  EXPECT_TRUE(this->photo_store.remove(gone));                          // already gone
  EXPECT_TRUE(this->photo_store.remove("../" + std::string(61, 'a')));  // not a name we made: nothing to do
  EXPECT_EQ(this->photo_store.put(bytes("rejected")).value(), gone);    // stored again under the same name
  EXPECT_EQ(this->photo_store.read(gone).value(), std::optional<std::string>("rejected"));
}

TYPED_TEST(PhotoStoreTest, ConcurrentPutsOfTheSameBytesAgree) {
  const auto payload = bytes(every_byte(100'000));
  std::vector<std::string> hashes(8);
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < hashes.size(); ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      hashes[i] = this->photo_store.put(payload).value_or("");
    });
  go = true;
  for (auto& t : threads) t.join();
  for (const auto& h : hashes) EXPECT_EQ(h, hashes[0]);
  ASSERT_TRUE(is_photo_hash(hashes[0]));
  EXPECT_EQ(this->photo_store.read(hashes[0]).value()->size(), payload.size());
}

// A second server (or this one restarted) on the same data serves the same photos.
TYPED_TEST(PhotoStoreTest, PhotosOutliveARestart) {
  const auto hash = this->photo_store.put(bytes("kept")).value();
  TypeParam restarted(this->dir.path());
  EXPECT_EQ(restarted.photos().read(hash).value(), std::optional<std::string>("kept"));
  ASSERT_TRUE(restarted.photos().remove(hash));
  EXPECT_EQ(this->photo_store.read(hash).value(), std::nullopt);
}

TYPED_TEST(PhotoStoreTest, AHashFunctionThatIsNotSha256HexIsRefused) {
  const auto store = this->backend.photos_hashing([](std::string_view) { return std::string("../../etc/passwd"); });
  const auto refused = store->put(bytes("abc"));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kInternal);
}

}  // namespace
}  // namespace pokeca::storage
