#include "engine/quiet_commits.hpp"

namespace pokeca::storage {
namespace {
thread_local int t_quiet_depth = 0;
}  // namespace

QuietCommits::QuietCommits() { ++t_quiet_depth; }
QuietCommits::~QuietCommits() { --t_quiet_depth; }
bool commits_are_quiet() noexcept { return t_quiet_depth > 0; }

}  // namespace pokeca::storage
