#pragma once
// SubmissionRepository and StorePhotoRepository over SQLite (store_submissions,
// submission_photos). An approval is one write transaction: the store is created
// through the same path as every store write (StoreWrites: the map's aggregates move
// with it), and the submission is marked only while it is still pending.
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqliteSubmissionRepository final : public SubmissionRepository, public StorePhotoRepository {
 public:
  explicit SqliteSubmissionRepository(Database& db);  // throws StorageError
  ~SqliteSubmissionRepository() override;

  Result<Submission> create(const Submission& submission) override;
  Result<std::optional<Submission>> find(SubmissionId id) override;
  Result<SubmissionPage> list(SubmissionStatus status, int limit, int offset) override;
  Result<ApprovedSubmission> approve(const ApprovalRequest& request) override;
  Result<Submission> reject(SubmissionId id, UserId reviewer, std::string_view reason, UnixSeconds at) override;
  Result<std::vector<SubmissionPhoto>> photos_for_store(StoreId id, int limit) override;
  Result<bool> photo_in_use(std::string_view hash) override;
  Result<std::vector<SubmissionPhoto>> delete_unapproved_of(UserId user) override;

  struct Statements;  // per connection

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
