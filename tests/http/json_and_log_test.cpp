// JSON text writing, JSON body members and the access-log line format.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <cmath>
#include <limits>
#include <set>

#include "api/json_body.hpp"
#include "common/access_log.hpp"
#include "common/json_text.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

TEST(JsonText, NumbersArePlainAndRoundTrip) {
  const json::value v = json::object{{"lat", 35.6895}, {"lng", 139.7005}, {"n", 42},
                                     {"small", 1e-7},  {"neg", -0.5},     {"big", std::int64_t{9007199254740993}}};
  const auto text = to_json_text(v);
  EXPECT_EQ(text, R"({"lat":35.6895,"lng":139.7005,"n":42,"small":1e-07,"neg":-0.5,"big":9007199254740993})");
  EXPECT_EQ(json::parse(text), v);
  EXPECT_EQ(to_json_text(json::value(139.0)), "139");
}

TEST(JsonText, NonFiniteNumbersBecomeNull) {
  EXPECT_EQ(to_json_text(json::array{std::numeric_limits<double>::infinity(), std::nan("")}), "[null,null]");
}

TEST(JsonText, StringsAreEscapedAndUtf8Kept) {
  const json::value v = json::array{"東京都", "quote\"back\\slash", "ctl\x01\x1f\t\n", nullptr, true};
  const auto text = to_json_text(v);
  EXPECT_EQ(text, R"(["東京都","quote\"back\\slash","ctl\u0001\u001f\t\n",null,true])");
  EXPECT_EQ(json::parse(text), v);
}

TEST(JsonBody, AnOptionalNumberIsAnyJsonNumberAbsentOrNull) {
  const auto obj =
      json::parse(R"({"int":35,"big":18446744073709551615,"real":139.7671,"null":null,"text":"35.6","flag":true})")
          .as_object();
  EXPECT_EQ(optional_number_member(obj, "int").value(), std::optional(35.0));
  EXPECT_EQ(optional_number_member(obj, "big").value(), std::optional(18446744073709551615.0));
  EXPECT_EQ(optional_number_member(obj, "real").value(), std::optional(139.7671));
  EXPECT_EQ(optional_number_member(obj, "null").value(), std::nullopt);
  EXPECT_EQ(optional_number_member(obj, "absent").value(), std::nullopt);
  // A number written as a string, or any other type, is refused with the one 400.
  for (const auto* key : {"text", "flag"}) {
    const auto read = optional_number_member(obj, key);
    ASSERT_FALSE(read.has_value()) << key;
    EXPECT_EQ(read.error().code, ErrorCode::kBadRequest) << key;
  }
}

TEST(AccessLog, OneJsonObjectWithTheAgreedFields) {
  const auto line = format_access_log({"abc-1", "GET", "/api/v1/stores", 200, 1.23456, 512}, 1795240800);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const auto v = json::parse(line).as_object();
  std::set<std::string> keys;
  for (const auto& kv : v) keys.emplace(kv.key());
  EXPECT_EQ(keys, (std::set<std::string>{"time", "request_id", "method", "path", "status", "duration_ms", "bytes"}));
  EXPECT_EQ(v.at("time"), "2026-11-21T06:00:00Z");
  EXPECT_EQ(v.at("request_id"), "abc-1");
  EXPECT_EQ(v.at("path"), "/api/v1/stores");
  EXPECT_EQ(v.at("status"), 200);
  EXPECT_EQ(v.at("duration_ms"), 1.235);
  EXPECT_EQ(v.at("bytes"), 512);
}

TEST(AccessLog, HostilePathsStayOneValidLine) {
  const std::string path = "/a\"b\\c\n\x01\xe6\x9d\xb1" + std::string(1000, 'x');
  const auto line = format_access_log({"id", "GE\nT", path, 404, 0, 0}, 0);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const auto v = json::parse(line);
  EXPECT_LE(v.at("path").as_string().size(), kMaxLoggedPathChars);
  EXPECT_EQ(std::string(v.at("path").as_string()).substr(0, 9), "/a\"b\\c???");
}

TEST(RequestIds, AreUnique) {
  RequestIds ids;
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(ids.next());
  EXPECT_EQ(seen.size(), 1000u);
}

}  // namespace
}  // namespace pokeca::http
