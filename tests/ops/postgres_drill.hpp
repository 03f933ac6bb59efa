#pragma once
// What the drills on a real PostgreSQL share: a database of their own in the cluster the
// environment names (pg_virtualenv's PG* variables), and an account made and logged in
// over HTTP the way a user does it (sign-up, the mail's link, login).
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/storage/postgres/connection.hpp"
#include "server_process.hpp"

namespace pokeca::testing {

// The first capture of PATTERN in TEXT, or "".
inline std::string capture(const std::string& text, const std::string& pattern) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

// A database named PREFIX + this process's id, with the UTF-8 character type operators
// must give it; dropped at the end.
class ThrowAwayDatabase {
 public:
  explicit ThrowAwayDatabase(const std::string& prefix) : name_(prefix + std::to_string(::getpid())) {
    storage::postgres::Connection admin("");
    (void)admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    const auto made = admin.exec("CREATE DATABASE " + name_ +
                                 " TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'");
    if (!made) throw std::runtime_error(made.error().log_detail);
  }
  ~ThrowAwayDatabase() {
    try {
      storage::postgres::Connection admin("");
      (void)admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (...) {  // NOLINT(bugprone-empty-catch): the throw-away cluster goes anyway
    }
  }
  ThrowAwayDatabase(const ThrowAwayDatabase&) = delete;
  ThrowAwayDatabase& operator=(const ThrowAwayDatabase&) = delete;
  [[nodiscard]] std::string url() const { return "dbname=" + name_; }

 private:
  std::string name_;
};

// The verification link one of the servers whose output is in LOGS wrote when it sent the
// mail (the outbox mailer logs it), waiting up to 20 s; "" when none did.
inline std::string verification_token(const std::vector<std::filesystem::path>& logs) {
  for (int i = 0; i < 400; ++i) {
    for (const auto& log : logs) {
      const auto token = capture(read_whole_file(log), R"(mode=verifyEmail&token=([A-Za-z0-9_\-]+))");
      if (!token.empty()) return token;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return "";
}

// Signs EMAIL up on SIGNUP_PORT, follows the mail's link and logs in on LOGIN_PORT: the
// access token, "" when a step failed.
inline std::string sign_up_and_log_in(const std::string& email, int signup_port, int login_port,
                                      const std::vector<std::filesystem::path>& logs) {
  const std::string password = "drill-password-2026";
  const auto [made, made_body] = post_json(
      signup_port, "/api/v1/users",
      R"({"user":{"email":")" + email + R"(","password":")" + password + R"(","username":"drill","prefecture":""}})");
  if (made != 201) return "";
  const auto token = verification_token(logs);
  if (token.empty()) return "";
  if (post_json(login_port, "/api/v1/auth/verify-email", R"({"token":")" + token + R"("})").first != 200) return "";
  const auto [logged_in, session] =
      post_json(login_port, "/api/v1/auth/login", R"({"email":")" + email + R"(","password":")" + password + R"("})");
  return logged_in == 200 ? capture(session, R"re("access_token":"([^"]+)")re") : "";
}

}  // namespace pokeca::testing
