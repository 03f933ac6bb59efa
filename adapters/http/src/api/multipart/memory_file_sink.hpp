#pragma once
// A FileSink that keeps files in memory: for tests and for callers whose limits make
// that acceptable (3 × 10 MB is not, for a server; spool to disk there).
#include <string>
#include <string_view>
#include <vector>

#include "api/multipart/multipart_parser.hpp"

namespace pokeca::http::multipart {

class MemoryFileSink final : public FileSink {
 public:
  struct File {
    FilePart part;
    std::string bytes;
  };

  Result<void> open(const FilePart& part) override {
    files_.push_back(File{.part = part, .bytes = {}});
    return {};
  }
  Result<void> write(std::string_view bytes) override {
    files_.back().bytes.append(bytes);
    return {};
  }
  Result<void> close(const FilePart& part) override {
    files_.back().part = part;
    return {};
  }
  void abort() noexcept override {
    files_.pop_back();
    ++aborted_;
  }

  [[nodiscard]] const std::vector<File>& files() const { return files_; }
  [[nodiscard]] int aborted() const { return aborted_; }

 private:
  std::vector<File> files_;
  int aborted_ = 0;
};

}  // namespace pokeca::http::multipart
