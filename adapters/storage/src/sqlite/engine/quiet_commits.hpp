#pragma once
// Writes that no cached answer depends on (the page-view counters) commit inside a
// QuietCommits scope, so they do not move Database::write_generation: otherwise every
// page view would empty the public response cache. Per thread (SQLite calls the commit
// hook on the committing thread).
namespace pokeca::storage {

class QuietCommits {
 public:
  QuietCommits();
  ~QuietCommits();
  QuietCommits(const QuietCommits&) = delete;
  QuietCommits& operator=(const QuietCommits&) = delete;
};

[[nodiscard]] bool commits_are_quiet() noexcept;

}  // namespace pokeca::storage
