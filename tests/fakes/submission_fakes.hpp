#pragma once
// In-memory fakes of the submission ports for core and router tests: a repository that
// keeps the SQLite one's rules (only pending submissions are reviewed), a photo store
// that hashes by counting, and a photo processor that answers as told.
#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "pokeca/contributions/photo.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/contributions/submission_ports.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca::testing {

class FakeSubmissionRepository final : public SubmissionRepository, public StorePhotoRepository {
 public:
  std::vector<Submission> rows;
  std::vector<Store> created_stores;
  StoreId next_store_id = 1000;

  Result<Submission> create(const Submission& s) override {
    std::lock_guard lock(mutex_);
    rows.push_back(s);
    rows.back().id = static_cast<SubmissionId>(rows.size());
    return rows.back();
  }
  Result<std::optional<Submission>> find(SubmissionId id) override {
    std::lock_guard lock(mutex_);
    if (auto* s = row(id)) return std::optional<Submission>(*s);
    return std::optional<Submission>();
  }
  Result<SubmissionPage> list(SubmissionStatus status, int limit, int offset) override {
    std::lock_guard lock(mutex_);
    SubmissionPage page;
    for (const auto& s : rows) {
      if (s.status != status) continue;
      if (page.total++ < offset || static_cast<int>(page.items.size()) >= limit) continue;
      page.items.push_back({s, Submitter{s.user_id, "投稿者", "東京都"}});
    }
    return page;
  }
  Result<ApprovedSubmission> approve(const ApprovalRequest& r) override {
    std::lock_guard lock(mutex_);
    auto* s = row(r.id);
    if (!s) return fail(ErrorCode::kNotFound, msg::kSubmissionNotFound);
    if (s->status != SubmissionStatus::kPending) return fail(ErrorCode::kConflict, msg::kSubmissionAlreadyReviewed);
    Store store;
    if (r.new_store) {
      store = *r.new_store;
      store.id = next_store_id++;
      created_stores.push_back(store);
    } else {
      store.id = *r.merge_into;
    }
    s->status = SubmissionStatus::kApproved;
    s->store_id = store.id;
    s->reviewed_by = r.reviewer;
    s->reviewed_at = r.at;
    s->points_awarded = r.points;
    return ApprovedSubmission{*s, store};
  }
  Result<Submission> reject(SubmissionId id, UserId reviewer, std::string_view reason, UnixSeconds at) override {
    std::lock_guard lock(mutex_);
    auto* s = row(id);
    if (!s) return fail(ErrorCode::kNotFound, msg::kSubmissionNotFound);
    if (s->status != SubmissionStatus::kPending) return fail(ErrorCode::kConflict, msg::kSubmissionAlreadyReviewed);
    s->status = SubmissionStatus::kRejected;
    s->reject_reason = reason;
    s->reviewed_by = reviewer;
    s->reviewed_at = at;
    return *s;
  }
  Result<bool> photo_in_use(std::string_view hash) override {
    std::lock_guard lock(mutex_);
    for (const auto& s : rows)
      if (s.status != SubmissionStatus::kRejected && s.id != 0)
        for (const auto& p : s.photos)
          if (p.photo_hash == hash || p.thumb_hash == hash) return true;
    return false;
  }
  Result<std::vector<SubmissionPhoto>> delete_unapproved_of(UserId user) override {
    std::lock_guard lock(mutex_);
    std::vector<SubmissionPhoto> out;
    for (auto& s : rows)
      if (s.user_id == user && s.status != SubmissionStatus::kApproved && s.id != 0) {
        out.insert(out.end(), s.photos.begin(), s.photos.end());
        s = Submission{};  // deleted (id 0 keeps the others' ids = positions)
      }
    return out;
  }
  Result<std::vector<SubmissionPhoto>> photos_for_store(StoreId id, int limit) override {
    std::lock_guard lock(mutex_);
    std::vector<SubmissionPhoto> out;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
      if (it->status == SubmissionStatus::kApproved && it->store_id == id)
        for (const auto& p : it->photos)
          if (static_cast<int>(out.size()) < limit) out.push_back(p);
    return out;
  }

 private:
  Submission* row(SubmissionId id) {
    if (id < 1 || id > static_cast<SubmissionId>(rows.size())) return nullptr;
    return &rows[static_cast<std::size_t>(id - 1)];
  }
  std::mutex mutex_;
};

// Names each distinct content "<n repeated to 64 hex>", so tests can count stores.
class FakePhotoStore final : public PhotoStore {
 public:
  std::map<std::string, std::string> files;  // hash → bytes
  bool fail_writes = false;

  Result<std::string> put(std::span<const std::byte> jpeg) override {
    if (fail_writes) return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "disk full");
    std::string bytes(reinterpret_cast<const char*>(jpeg.data()), jpeg.size());
    for (const auto& [hash, content] : files)
      if (content == bytes) return hash;
    std::string hash(kPhotoHashHexChars, "0123456789abcdef"[next_name_++ % 16]);
    files.emplace(hash, bytes);
    return hash;
  }
  Result<void> remove(std::string_view hash) override {
    files.erase(std::string(hash));
    return {};
  }
  Result<std::optional<std::string>> read(std::string_view hash) const override {
    const auto found = files.find(std::string(hash));
    if (found == files.end()) return std::optional<std::string>{};
    return std::optional<std::string>(found->second);
  }

 private:
  std::size_t next_name_ = 0;
};

// "photo:<upload>" and "thumb:<upload>", or the error it was given.
class FakePhotoProcessor final : public PhotoProcessor {
 public:
  std::optional<DomainError> failure;
  mutable int calls = 0;

  Result<ProcessedPhoto> process(std::span<const std::byte> upload) const override {
    ++calls;
    if (failure) return std::unexpected(*failure);
    const std::string text(reinterpret_cast<const char*>(upload.data()), upload.size());
    ProcessedPhoto out;
    out.photo = {bytes("photo:" + text), 1600, 1200};
    out.thumbnail = {bytes("thumb:" + text), 320, 240};
    return out;
  }

 private:
  static std::vector<std::byte> bytes(const std::string& s) {
    std::vector<std::byte> out(s.size());
    std::transform(s.begin(), s.end(), out.begin(), [](char c) { return static_cast<std::byte>(c); });
    return out;
  }
};

}  // namespace pokeca::testing
