#pragma once
// The change signal of the stored data, as any backend can give it: a generation that
// moves forward on every committed write, and the ids of the stores a commit changed.
// Caches of answers (the map's read model) subscribe to it instead of to a database's
// hooks. SQLite gives it from its commit, update and WAL hooks (storage::Database);
// PostgreSQL from its change notifications (LISTEN/NOTIFY, the changed ids in the
// payload), its own writes' and other servers' — the contract is the same.
#include <cstdint>
#include <functional>
#include <span>

#include "pokeca/map/store.hpp"

namespace pokeca {

class DataChanges {
 public:
  virtual ~DataChanges() = default;

  // Moves forward on every committed write that a cached answer may have read, no later
  // than the write is acknowledged to its writer: an answer cached under a value is
  // current while the value stays. Never moves on reads.
  [[nodiscard]] virtual std::uint64_t generation() const = 0;

  // Ids of the stores a commit changed (inserted, updated, deleted). The listener runs
  // once the commit is visible to readers and before generation() moves for it, before
  // the writer is answered: a rendering of a listed store cached under the old
  // generation is dropped before any answer is cached under the new one. It may run on
  // any writing thread, several at once. No ids at all: any store may have changed (the
  // backend may have missed changes, e.g. while it reconnected to hear other servers'
  // writes). Subscribe before serving; not thread-safe.
  using StoresChanged = std::function<void(std::span<const StoreId> ids)>;
  virtual void subscribe(StoresChanged listener) = 0;
};

}  // namespace pokeca
