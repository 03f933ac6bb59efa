#pragma once
// How a server hears the writes of every other session of its schema — the other servers
// of the database, psql, migrate-data: one connection of its own LISTENs on the schema's
// shared channel (migration 005) on a thread of its own. A notification sent by one of
// this server's pooled connections is passed over (their commits were heard when they
// committed, before the writer was answered). After the connection is lost, the listener
// connects again, listens again, and reports that anything may have changed meanwhile.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "pokeca/storage/postgres/connection.hpp"

namespace pokeca::storage::postgres {

// How long a wait for notifications lasts before the thread checks whether to stop.
inline constexpr std::chrono::milliseconds kListenWaitStep{200};
// Pause between two attempts to connect again.
inline constexpr std::chrono::milliseconds kListenReconnectPause{500};

class OtherWritesListener {
 public:
  // Payloads the other sessions' commits sent (a store id, or ''); or none and
  // `anything = true` after the connection was lost.
  using Heard = std::function<void(const std::vector<std::string>& payloads, bool anything)>;
  using IsOwnBackend = std::function<bool(int pid)>;

  // Connects and listens before it returns (writes committed afterwards are heard);
  // throws StorageError when it cannot.
  OtherWritesListener(std::string conninfo, IsOwnBackend own, Heard heard);
  ~OtherWritesListener();  // stops the thread and waits for it
  OtherWritesListener(const OtherWritesListener&) = delete;
  OtherWritesListener& operator=(const OtherWritesListener&) = delete;

  // The listening session's pid (0 between connections), for tests that end it.
  [[nodiscard]] int backend_pid() const;

 private:
  void run(const std::stop_token& stop);
  std::unique_ptr<Connection> listen();  // throws StorageError

  std::string conninfo_;
  IsOwnBackend own_;
  Heard heard_;
  std::atomic<int> pid_{0};  // before connection_, which listen() sets it for
  std::unique_ptr<Connection> connection_;
  std::jthread thread_;
};

}  // namespace pokeca::storage::postgres
