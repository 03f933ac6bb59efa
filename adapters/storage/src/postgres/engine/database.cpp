#include "pokeca/storage/postgres/database.hpp"

#include <charconv>
#include <system_error>

#include "engine/other_writes_listener.hpp"
#include "pokeca/storage/postgres/migrations.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage::postgres {

Database::Database(const std::string& conninfo, DatabaseOptions options) : pool_(conninfo, options.connections) {
  {
    std::vector<ConnectionPool::Lease> leases;
    leases.reserve(pool_.size());
    for (std::size_t i = 0; i < pool_.size(); ++i) leases.push_back(pool_.acquire());
    for (auto& lease : leases)
      lease.connection().on_commit([this](const std::vector<std::string>& payloads) { committed(payloads); });
  }
  {
    auto lease = pool_.acquire();
    if (auto ok = migrate(lease.connection()); !ok) throw StorageError("postgres: " + ok.error().cause());
  }
  if (options.hear_other_writes)
    other_writes_ = std::make_unique<OtherWritesListener>(
        conninfo, [this](int pid) { return pool_.holds_backend(pid); },
        [this](const std::vector<std::string>& payloads, bool anything) { heard_elsewhere(payloads, anything); });
}

Database::~Database() = default;

int Database::other_writes_backend_pid() const { return other_writes_ ? other_writes_->backend_pid() : 0; }

void Database::heard_elsewhere(const std::vector<std::string>& payloads, bool anything) {
  if (!anything) return committed(payloads);
  for (const auto& listener : stores_changed_) listener({});  // no ids: any store
  generation_.fetch_add(1, std::memory_order_acq_rel);
}

void Database::committed(const std::vector<std::string>& payloads) {
  std::vector<StoreId> ids;
  for (const auto& p : payloads) {
    StoreId id = 0;
    if (!p.empty() && std::from_chars(p.data(), p.data() + p.size(), id).ec == std::errc()) ids.push_back(id);
  }
  if (!ids.empty())
    for (const auto& listener : stores_changed_) listener(ids);
  generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace pokeca::storage::postgres
