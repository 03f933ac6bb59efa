#include "pokeca/storage/postgres/recent_sums_folder.hpp"

#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

struct RecentSumsFolder::Statements {
  explicit Statements(Connection& c) : fold(c, "SELECT pokeca_fold_store_recent_changes()") {}

  Statement fold;
};

RecentSumsFolder::RecentSumsFolder(Database& db) : statements_(db, "recent_sums_folder") {}
RecentSumsFolder::~RecentSumsFolder() = default;

Result<std::int64_t> RecentSumsFolder::fold() {
  return statements_.with([&](Statements& st) -> Result<std::int64_t> {
    auto folded = st.fold.run();
    if (!folded) return std::unexpected(folded.error());
    return folded->int64(0, 0);
  });
}

}  // namespace pokeca::storage::postgres
