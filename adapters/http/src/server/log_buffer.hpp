#pragma once
// Access-log lines gathered in memory and written in one chunk, instead of one write(2)
// per request on the I/O thread. A background thread writes what has
// gathered every kLogFlushInterval, or sooner once kLogFlushBytes are waiting; flush()
// and the destructor write the rest, so a clean stop loses no line. Lines keep their
// order and are never cut or mixed: each chunk holds whole lines.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace pokeca::http {

inline constexpr std::chrono::milliseconds kLogFlushInterval{200};
inline constexpr std::size_t kLogFlushBytes = 64 * 1024;

class LogBuffer {
 public:
  // Receives whole lines, each ending in '\n'; called by one thread at a time.
  using Writer = std::function<void(std::string_view chunk)>;

  explicit LogBuffer(Writer writer, std::chrono::milliseconds interval = kLogFlushInterval,
                     std::size_t flush_bytes = kLogFlushBytes);
  ~LogBuffer();  // flushes
  LogBuffer(const LogBuffer&) = delete;
  LogBuffer& operator=(const LogBuffer&) = delete;

  // Adds a line (without its '\n'). Cheap: never writes on the caller's thread.
  void append(std::string_view line);
  // Writes every line appended so far before returning.
  void flush();

 private:
  void run();

  Writer writer_;
  std::chrono::milliseconds interval_;
  std::size_t flush_bytes_;
  std::mutex write_mutex_;  // one writer at a time, in append order; taken before mutex_
  std::mutex mutex_;        // guards pending_ and stopping_
  std::condition_variable wake_;
  std::string pending_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts after the members it uses
};

// A Writer for the process's stderr (one fwrite a chunk).
void write_chunk_to_stderr(std::string_view chunk);

}  // namespace pokeca::http
