#pragma once
// A fresh directory under the system temp dir, removed with everything in it.
// Shared by every test suite that needs real files (SQLite needs one for WAL).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pokeca::testing {

class TempDir {
 public:
  TempDir() {
    auto pattern = (std::filesystem::temp_directory_path() / "pokeca-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

  // Writes a file below the directory (creating folders) and returns its path.
  std::filesystem::path write(const std::filesystem::path& relative, std::string_view content) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << content;
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace pokeca::testing
