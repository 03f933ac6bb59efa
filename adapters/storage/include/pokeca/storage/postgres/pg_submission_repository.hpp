#pragma once
// SubmissionRepository and StorePhotoRepository over PostgreSQL: store_submissions
// (migration 006) and submission_photos (009). An approval is one SERIALIZABLE
// transaction: of two admins at once, the second is run again and finds the review done.
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

class PgSubmissionRepository final : public SubmissionRepository, public StorePhotoRepository {
 public:
  explicit PgSubmissionRepository(Database& db);  // throws StorageError
  ~PgSubmissionRepository() override;

  Result<Submission> create(const Submission& submission) override;
  Result<std::optional<Submission>> find(SubmissionId id) override;
  Result<SubmissionPage> list(SubmissionStatus status, int limit, int offset) override;
  Result<ApprovedSubmission> approve(const ApprovalRequest& request) override;
  Result<Submission> reject(SubmissionId id, UserId reviewer, std::string_view reason, UnixSeconds at) override;
  Result<bool> photo_in_use(std::string_view hash) override;
  Result<std::vector<SubmissionPhoto>> delete_unapproved_of(UserId user) override;
  Result<std::vector<SubmissionPhoto>> photos_for_store(StoreId id, int limit) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage::postgres
