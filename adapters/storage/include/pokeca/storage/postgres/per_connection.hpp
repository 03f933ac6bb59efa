#pragma once
// One T per pooled connection, typically a repository's prepared statements: they belong
// to one connection, and a leased connection is used by one thread at a time, so its T
// needs no locking. Built eagerly, so SQL mistakes fail at start-up.
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/storage/postgres/database.hpp"

namespace pokeca::storage::postgres {

template <typename T>  // T is constructible from Connection&
class PerConnection {
 public:
  // Waits for every connection: do not hold a lease on this thread meanwhile.
  // `repository` names the repository on the metrics page (its calls' database time).
  PerConnection(Database& db, std::string_view repository)
      : db_(db), times_(db.repository_times().of(repository).seconds), items_(db.connection_count()) {
    std::vector<ConnectionPool::Lease> leases;
    leases.reserve(db.connection_count());
    for (std::size_t i = 0; i < db.connection_count(); ++i) leases.push_back(db.acquire());
    for (auto& lease : leases) items_[lease.slot()] = std::make_unique<T>(lease.connection());
  }

  // One connection's T, leased until the Held ends (work that spans several calls).
  struct Held {
    ConnectionPool::Lease lease;
    T& item;
    CallTimer timed;  // destroyed first: the time ends before the connection is given back
  };
  [[nodiscard]] Held hold() {
    auto lease = db_.acquire();
    auto& item = *items_[lease.slot()];
    return Held{std::move(lease), item, CallTimer(times_)};
  }

  // Runs fn(T&) holding one connection for the whole call.
  template <typename Fn>
  auto with(Fn&& fn) {
    const auto lease = db_.acquire();
    const CallTimer timed(times_);
    return std::forward<Fn>(fn)(*items_[lease.slot()]);
  }

 private:
  Database& db_;
  metrics::Histogram& times_;
  std::vector<std::unique_ptr<T>> items_;
};

}  // namespace pokeca::storage::postgres
