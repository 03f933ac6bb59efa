// docs/openapi.yaml and the router's route table list the same operations. The file
// keeps a regular layout (see its description), so reading the `paths:` block line by
// line is enough; no YAML library needed.
#include <gtest/gtest.h>

#include <fstream>
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

TEST(OpenApi, ServerUrlIsTheApiPrefix) {
  std::ifstream in(POKECA_OPENAPI_FILE);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("servers:\n  - url: " + std::string(kApiPrefix) + "\n"), std::string::npos);
  EXPECT_TRUE(text.starts_with("openapi: 3.1"));
}

}  // namespace
}  // namespace pokeca::http
