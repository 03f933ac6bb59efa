#include "server/log_buffer.hpp"

#include <cstdio>
#include <utility>

namespace pokeca::http {

LogBuffer::LogBuffer(Writer writer, std::chrono::milliseconds interval, std::size_t flush_bytes)
    : writer_(std::move(writer)), interval_(interval), flush_bytes_(flush_bytes), thread_([this] { run(); }) {}

LogBuffer::~LogBuffer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
  flush();
}

void LogBuffer::append(std::string_view line) {
  bool full = false;
  {
    std::lock_guard lock(mutex_);
    pending_.append(line);
    pending_ += '\n';
    full = pending_.size() >= flush_bytes_;
  }
  if (full) wake_.notify_one();
}

void LogBuffer::flush() {
  std::lock_guard writing(write_mutex_);
  std::string chunk;
  {
    std::lock_guard lock(mutex_);
    chunk.swap(pending_);
  }
  if (chunk.empty()) return;
  try {
    writer_(chunk);
  } catch (...) {  // NOLINT(bugprone-empty-catch): a log that cannot be written must not stop the server
  }
}

void LogBuffer::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, interval_, [this] { return stopping_ || pending_.size() >= flush_bytes_; });
    if (pending_.empty()) continue;
    lock.unlock();
    flush();
    lock.lock();
  }
}

void write_chunk_to_stderr(std::string_view chunk) { std::fwrite(chunk.data(), 1, chunk.size(), stderr); }

}  // namespace pokeca::http
