#include "engine/other_writes_listener.hpp"

#include <condition_variable>
#include <mutex>
#include <utility>

#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage::postgres {

OtherWritesListener::OtherWritesListener(std::string conninfo, IsOwnBackend own, Heard heard)
    : conninfo_(std::move(conninfo)), own_(std::move(own)), heard_(std::move(heard)), connection_(listen()) {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

OtherWritesListener::~OtherWritesListener() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

int OtherWritesListener::backend_pid() const { return pid_.load(std::memory_order_relaxed); }

std::unique_ptr<Connection> OtherWritesListener::listen() {
  auto conn = std::make_unique<Connection>(conninfo_);
  const auto channel = conn->query("SELECT pokeca_shared_channel(current_schema())");
  if (!channel) throw StorageError("postgres: " + channel.error().log_detail);
  if (auto ok = conn->exec("LISTEN " + std::string(channel->text(0, 0))); !ok)
    throw StorageError("postgres: " + ok.error().log_detail);
  pid_.store(conn->backend_pid(), std::memory_order_relaxed);
  return conn;
}

void OtherWritesListener::run(const std::stop_token& stop) {
  std::mutex mutex;
  std::condition_variable_any pause;
  while (!stop.stop_requested()) {
    if (!connection_) {
      try {
        connection_ = listen();
      } catch (const StorageError&) {
        std::unique_lock lock(mutex);
        (void)pause.wait_for(lock, stop, kListenReconnectPause, [] { return false; });
        continue;
      }
      heard_({}, true);  // whatever was written while nobody listened
    }
    auto got = connection_->wait_for_notifications(kListenWaitStep);
    if (!got) {
      connection_.reset();
      pid_.store(0, std::memory_order_relaxed);
      continue;
    }
    std::vector<std::string> payloads;
    for (auto& n : *got)
      if (!own_(n.sender_pid)) payloads.push_back(std::move(n.payload));
    if (!payloads.empty()) heard_(payloads, false);
  }
}

}  // namespace pokeca::storage::postgres
