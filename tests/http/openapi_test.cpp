// docs/openapi.yaml and the router's route table list the same operations. The file
// keeps a regular layout (see its description), so reading the `paths:` block line by
// line is enough; no YAML library needed.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>

#include "pokeca/http/api_routes.hpp"

namespace pokeca::http {
namespace {

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "GET /api/v1/stores/{id}" for every operation under `paths:`.
std::set<std::string> documented_operations(const std::string& file) {
  static const std::set<std::string> kMethods{"get", "put", "post", "delete", "patch", "head", "options"};
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::set<std::string> ops;
  std::string line;
  std::string path;
  bool in_paths = false;
  while (std::getline(in, line)) {
    if (line.empty() || indent_of(line) == std::string::npos) continue;
    if (indent_of(line) == 0) {
      in_paths = line == "paths:";
      continue;
    }
    if (!in_paths || line.back() != ':') continue;
    const auto key = line.substr(indent_of(line), line.size() - indent_of(line) - 1);
    if (indent_of(line) == 2 && key.starts_with('/'))
      path = key;
    else if (indent_of(line) == 4 && kMethods.contains(key))
      ops.insert(upper(key) + " " + std::string(kApiPrefix) + path);
  }
  return ops;
}

TEST(OpenApi, DocumentAndRouterAgree) {
  std::set<std::string> served;
  for (const auto& route : api_routes()) served.insert(std::string(route.method) + " " + std::string(route.path));
  const auto documented = documented_operations(POKECA_OPENAPI_FILE);
  EXPECT_FALSE(documented.empty());
  for (const auto& op : served) EXPECT_TRUE(documented.contains(op)) << op << " is served but not documented";
  for (const auto& op : documented) EXPECT_TRUE(served.contains(op)) << op << " is documented but not served";
}

// The keys (security, requestBody, responses …) of each operation under `paths:`.
std::map<std::string, std::set<std::string>> operation_keys(const std::string& file) {
  static const std::set<std::string> kMethods{"get", "put", "post", "delete", "patch", "head", "options"};
  std::ifstream in(file);
  std::map<std::string, std::set<std::string>> ops;
  std::string line;
  std::string path;
  std::string op;
  bool in_paths = false;
  while (std::getline(in, line)) {
    if (line.empty() || indent_of(line) == std::string::npos) continue;
    const auto indent = indent_of(line);
    if (indent == 0) {
      in_paths = line == "paths:";
      continue;
    }
    if (!in_paths) continue;
    const auto key = line.substr(indent, line.find(':', indent) - indent);
    if (indent == 2 && key.starts_with('/')) {
      path = key;
      op.clear();
    } else if (indent == 4 && kMethods.contains(key)) {
      op = upper(key) + " " + std::string(kApiPrefix) + path;
      ops[op];
    } else if (indent == 6 && !op.empty()) {
      ops[op].insert(key);
    }
  }
  return ops;
}

// Every operation says what it answers; one that needs a signed-in user says so
// (security); one that writes says what it takes (requestBody), unless it is one of the
// few that read no body.
TEST(OpenApi, EveryOperationHasItsResponsesSecurityAndBody) {
  const std::set<std::string> kNoBody{
      "POST /api/v1/auth/refresh",
      "POST /api/v1/auth/logout",  // the cookie only
      "POST /api/v1/admin/users/{id}/grant_admin",
      "POST /api/v1/admin/users/{id}/revoke_admin",
      "POST /api/v1/alerts/unsubscribe",  // RFC 8058's one-click form, ignored
      "POST /api/v1/admin/lotteries/{id}/approve",
      "POST /api/v1/admin/lotteries/{id}/hide",
      "POST /api/v1/watches/off",  // RFC 8058's one-click form, ignored
      "POST /api/v1/push/subscriptions/{id}/test",
      "POST /api/v1/users/calendar/token",  // issues a new token; nothing to send
  };
  const auto ops = operation_keys(POKECA_OPENAPI_FILE);
  const auto routes = api_routes();
  const auto need_user = api_routes_need_user();
  ASSERT_EQ(routes.size(), need_user.size());
  for (std::size_t i = 0; i < routes.size(); ++i) {
    const auto op = std::string(routes[i].method) + " " + std::string(routes[i].path);
    const auto found = ops.find(op);
    ASSERT_NE(found, ops.end()) << op;
    const auto& keys = found->second;
    EXPECT_TRUE(keys.contains("responses")) << op << " has no responses";
    if (need_user[i]) {
      EXPECT_TRUE(keys.contains("security")) << op << " needs a user but has no security";
    }
    const bool writes = routes[i].method == "POST" || routes[i].method == "PUT" || routes[i].method == "PATCH";
    if (writes && !kNoBody.contains(op)) {
      EXPECT_TRUE(keys.contains("requestBody")) << op << " has no requestBody";
    }
    if (kNoBody.contains(op)) {
      EXPECT_FALSE(keys.contains("requestBody")) << op << " is listed as taking no body";
    }
  }
}

TEST(OpenApi, ServerUrlIsTheApiPrefix) {
  std::ifstream in(POKECA_OPENAPI_FILE);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("servers:\n  - url: " + std::string(kApiPrefix) + "\n"), std::string::npos);
  EXPECT_TRUE(text.starts_with("openapi: 3.1"));
}

}  // namespace
}  // namespace pokeca::http
