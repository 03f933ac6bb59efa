// The database URL (--database-url): what is accepted, and that no form of it lets the
// password reach a message. Needs no server.
#include "pokeca/storage/postgres/database_url.hpp"

#include <gtest/gtest.h>

namespace pokeca::storage::postgres {
namespace {

TEST(DatabaseUrl, AUrlIsShownWithoutItsPassword) {
  const auto url = parse_database_url("postgresql://pokeca:s3cr%40t@db.example.jp:5433/pokeca?sslmode=require");
  ASSERT_TRUE(url) << url.error().message;
  EXPECT_EQ(url->conninfo, "postgresql://pokeca:s3cr%40t@db.example.jp:5433/pokeca?sslmode=require");
  EXPECT_EQ(url->masked, "host=db.example.jp port=5433 dbname=pokeca user=pokeca sslmode=require password=***");
  EXPECT_EQ(url->masked.find("s3cr"), std::string::npos);
}

TEST(DatabaseUrl, AKeyValueStringIsShownWithoutItsPassword) {
  const auto url = parse_database_url("host=/run/postgresql dbname=pokeca user=app password='a b'");
  ASSERT_TRUE(url) << url.error().message;
  EXPECT_EQ(url->masked, "host=/run/postgresql dbname=pokeca user=app password=***");
  const auto bare = parse_database_url("postgres://localhost/pokeca");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->masked, "host=localhost dbname=pokeca");
}

TEST(DatabaseUrl, WhatIsNotADatabaseAddressIsRefusedWithOneLine) {
  for (const char* text : {"", "var/pokeca.db", "mysql://root@localhost/pokeca", "sqlite"}) {
    const auto url = parse_database_url(text);
    ASSERT_FALSE(url) << text;
    EXPECT_EQ(url.error().code, ErrorCode::kBadRequest);
    EXPECT_NE(url.error().message.find("postgresql://"), std::string::npos);
  }
}

TEST(DatabaseUrl, ARejectedValueIsNotEchoed) {
  // libpq's own messages quote what they reject; a broken escape may be in the password.
  const auto bad_escape = parse_database_url("postgresql://app:pa%zzword@localhost/pokeca");
  ASSERT_FALSE(bad_escape);
  EXPECT_EQ(bad_escape.error().message.find("zz"), std::string::npos) << bad_escape.error().message;
  EXPECT_EQ(bad_escape.error().message.find('\n'), std::string::npos);
  const auto bad_option = parse_database_url("host=localhost password=hunter2 colour=blue");
  ASSERT_FALSE(bad_option);
  EXPECT_EQ(bad_option.error().message.find("hunter2"), std::string::npos) << bad_option.error().message;
}

TEST(DatabaseUrl, QuotedPartsAreDropped) {
  EXPECT_EQ(without_quoted_values(R"(invalid percent-encoded token: "pa%zz")"),
            R"(invalid percent-encoded token: "…")");
  EXPECT_EQ(without_quoted_values("no quotes"), "no quotes");
}

}  // namespace
}  // namespace pokeca::storage::postgres
