#pragma once
// An account made over the API as a visitor makes one — sign up, the link of the
// captured mail, log in — for the loopback flow tests; an admin through AccountAdmin
// when asked (the only way there is, besides the CLI).
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "api_call.hpp"
#include "real_accounts.hpp"

namespace pokeca::testing {

struct NewAccount {
  std::string_view email;
  std::string_view password;
  std::string_view username = "サトシ";
  std::string_view prefecture = {};
  bool admin = false;
};

// The access token of a new, verified, logged-in account.
inline std::string signed_up_and_logged_in(std::uint16_t port, RealAccounts& accounts, const NewAccount& a) {
  using http::bhttp::verb;
  const auto sign_up = call_api(port, verb::post, "/api/v1/users",
                                R"({"user":{"email":")" + std::string(a.email) + R"(","password":")" +
                                    std::string(a.password) + R"(","username":")" + std::string(a.username) +
                                    R"(","prefecture":")" + std::string(a.prefecture) + R"("}})");
  EXPECT_EQ(sign_up.status, http::Status::created) << boost::json::serialize(sign_up.body);
  EXPECT_EQ(
      call_api(port, verb::post, "/api/v1/auth/verify-email", R"({"token":")" + accounts.mailer.last_token() + R"("})")
          .status,
      http::Status::ok);
  if (a.admin) {
    EXPECT_TRUE(accounts.admin.grant_admin(std::string(a.email)));
  }
  const auto login =
      call_api(port, verb::post, "/api/v1/auth/login",
               R"({"email":")" + std::string(a.email) + R"(","password":")" + std::string(a.password) + R"("})");
  EXPECT_EQ(login.status, http::Status::ok) << boost::json::serialize(login.body);
  return std::string(login.body.at("access_token").as_string());
}

}  // namespace pokeca::testing
