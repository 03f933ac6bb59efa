// Every PostgreSQL migration file is compiled in, under its number and name, in order: a
// file left out of CMakeLists.txt or engine/migrations.cpp would never be applied. Needs no
// server.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "pokeca/storage/postgres/migrations.hpp"

namespace pokeca::storage::postgres {
namespace {

TEST(PostgresMigrationList, EveryFileIsListedInOrderAndEmbedded) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(POKECA_POSTGRES_MIGRATIONS_DIR))
    if (entry.path().extension() == ".sql") files.push_back(entry.path().filename().string());
  std::ranges::sort(files);
  std::vector<std::string> listed;
  int expected_version = 1;
  for (const auto& m : all_migrations()) {
    EXPECT_EQ(m.version, expected_version++);
    EXPECT_FALSE(m.sql.empty()) << m.name;
    char number[8];
    std::snprintf(number, sizeof number, "%03d_", m.version);
    listed.push_back(number + std::string(m.name) + ".sql");
  }
  EXPECT_EQ(listed, files);
  EXPECT_EQ(latest_schema_version(), static_cast<int>(files.size()));
}

}  // namespace
}  // namespace pokeca::storage::postgres
