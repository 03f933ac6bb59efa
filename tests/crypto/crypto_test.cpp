// The libsodium adapter: Argon2id hashes, token crypto against known vectors, and the
// secret key file (created once, 0600, reused, refused when wrong).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include "pokeca/testing/temp_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "pokeca/accounts/access_token.hpp"
#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_password_hasher.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"

namespace pokeca::crypto {
namespace {

namespace fs = std::filesystem;

std::string key_0_to_31() {
  std::string key;
  for (int i = 0; i < 32; ++i) key += static_cast<char>(i);
  return key;
}

std::string hex(std::string_view raw) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const char c : raw) {
    out += kDigits[(static_cast<unsigned char>(c) >> 4) & 0xF];
    out += kDigits[static_cast<unsigned char>(c) & 0xF];
  }
  return out;
}

using pokeca::testing::TempDir;

TEST(Argon2id, ProductionParametersAreOwaspOrStronger) {
  // OWASP: m ≥ 19 MiB with t ≥ 2 (p = 1).
  EXPECT_GE(kArgon2MemLimitBytes, std::size_t{19} << 20);
  EXPECT_GE(kArgon2OpsLimit, 2u);
  EXPECT_EQ(kArgon2MemLimitBytes, std::size_t{64} << 20);
  EXPECT_EQ(kArgon2OpsLimit, 3u);
}

TEST(Argon2id, HashesWithTheProductionParametersAndVerifies) {
  SodiumPasswordHasher hasher;
  const auto hash = hasher.hash("pikachu-loves-ketchup");
  ASSERT_TRUE(hash);
  EXPECT_TRUE(hash->starts_with("$argon2id$v=19$m=65536,t=3,p=1$")) << *hash;
  EXPECT_TRUE(hasher.verify(*hash, "pikachu-loves-ketchup"));
  EXPECT_FALSE(hasher.verify(*hash, "pikachu-loves-mustard"));
}

TEST(Argon2id, SaltsDifferAndBadHashesNeverVerify) {
  SodiumPasswordHasher hasher(argon2_params_for_tests());
  const auto a = hasher.hash("same password");
  const auto b = hasher.hash("same password");
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  EXPECT_TRUE(hasher.verify(*b, "same password"));
  EXPECT_FALSE(hasher.verify("", "same password"));
  EXPECT_FALSE(hasher.verify("$argon2id$garbage", "same password"));
  EXPECT_FALSE(hasher.verify(std::string(1000, 'x'), "same password"));
  // Hashes made with other parameters still verify (the string carries them).
  SodiumPasswordHasher production;
  EXPECT_TRUE(production.verify(*a, "same password"));
}

TEST(TokenCrypto, Sha256AndHmacMatchKnownValues) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  SodiumTokenCrypto crypto(key_0_to_31());
  EXPECT_EQ(crypto.hash_token("abc"), sha256_hex("abc"));
  // Python: hmac.new(bytes(range(32)), b"pokeca", hashlib.sha256).hexdigest()
  EXPECT_EQ(hex(crypto.sign("pokeca")), "f17d4c79c7fa7c0ce633c54c726005726faed92c45248dd455b0ea7c1b57a548");
  EXPECT_TRUE(crypto.verify("pokeca", crypto.sign("pokeca")));
  EXPECT_FALSE(crypto.verify("pokecb", crypto.sign("pokeca")));
  EXPECT_FALSE(crypto.verify("pokeca", "short"));
}

TEST(TokenCrypto, RandomTokensAre256BitsOfBase64Url) {
  SodiumTokenCrypto crypto(key_0_to_31());
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const auto t = crypto.random_token();
    EXPECT_EQ(t.size(), 43u);
    EXPECT_EQ(t.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
              std::string::npos);
    seen.insert(t);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(TokenCrypto, SignsAccessTokensThatOnlyTheSameKeyAccepts) {
  SodiumTokenCrypto crypto(key_0_to_31());
  auto other_key = key_0_to_31();
  other_key[0] = 'x';
  SodiumTokenCrypto other(other_key);
  const auto token = encode_access_token({5, 1, 1000, 2000, {}}, crypto);
  EXPECT_TRUE(decode_access_token(token, crypto, 1500));
  EXPECT_FALSE(decode_access_token(token, other, 1500));
  EXPECT_THROW(SodiumTokenCrypto("too short"), std::invalid_argument);
}

TEST(KeyFile, CreatedOnceWithOwnerOnlyPermissionsThenReused) {
  TempDir dir;
  const auto file = dir.path() / std::string(kSigningKeyFileName);
  const auto first = load_or_create_key_file(file, kSigningKeyBytes);
  EXPECT_EQ(first.size(), kSigningKeyBytes);
  struct stat st{};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(load_or_create_key_file(file, kSigningKeyBytes), first);
  // Nothing else is left in the directory.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(KeyFile, RefusesAWrongSizeOrAFileOthersCanRead) {
  TempDir dir;
  const auto file = dir.path() / "signing.key";
  std::ofstream(file) << "short";
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
  EXPECT_THROW((void)load_or_create_key_file(file, kSigningKeyBytes), std::runtime_error);
  fs::remove(file);
  (void)load_or_create_key_file(file, kSigningKeyBytes);
  fs::permissions(file, fs::perms::group_read, fs::perm_options::add);
  EXPECT_THROW((void)load_or_create_key_file(file, kSigningKeyBytes), std::runtime_error);
}

}  // namespace
}  // namespace pokeca::crypto
