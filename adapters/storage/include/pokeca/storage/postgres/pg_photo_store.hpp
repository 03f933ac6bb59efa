#pragma once
// PhotoStore over PostgreSQL: the re-encoded JPEGs (photos and thumbnails) as rows of
// `photos` (migration 009), keyed by the SHA-256 of their bytes, so that every server of
// one database serves every photo (FilePhotoStore keeps them in one server's data
// directory). Storing bytes already there writes nothing; put and remove are one
// autocommitted statement each.
//
// The hash function is passed in (the server passes libsodium's SHA-256 from
// adapters/crypto), so the storage adapter does not depend on the crypto adapter.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/storage/postgres/database.hpp"
#include "pokeca/storage/postgres/per_connection.hpp"

namespace pokeca::storage::postgres {

// Lower-case hex SHA-256 of the bytes.
using ContentHash = std::function<std::string(std::string_view bytes)>;

class PgPhotoStore final : public PhotoStore {
 public:
  PgPhotoStore(Database& db, ContentHash hash);  // throws StorageError
  ~PgPhotoStore() override;

  Result<std::string> put(std::span<const std::byte> jpeg) override;
  Result<void> remove(std::string_view hash) override;
  [[nodiscard]] Result<std::optional<std::string>> read(std::string_view hash) const override;

  struct Statements;

 private:
  // read() is const for its callers; leasing a connection is not.
  mutable PerConnection<Statements> statements_;
  ContentHash hash_;
};

}  // namespace pokeca::storage::postgres
