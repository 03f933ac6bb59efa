#pragma once
// Runs InProcessPhotoProcessor in a separate process, pokeca-photo-worker, one per
// upload, so that a decoder crash, a memory bomb or an endless loop costs only that
// upload. The worker is started with posix_spawn (safe in a threaded server, unlike
// fork), limits its own address space and CPU time before it reads a byte, and gets
// the upload on stdin and answers on stdout (length-prefixed frames, see
// src/worker_protocol.hpp). The parent kills it when the wall-clock timeout expires.
#include <chrono>
#include <cstdint>
#include <string>

#include "pokeca/contributions/photo.hpp"

namespace pokeca::media {

inline constexpr std::uint64_t kWorkerDefaultMemoryLimitBytes = 1024ULL * 1024 * 1024;  // RLIMIT_AS
inline constexpr int kWorkerDefaultCpuSeconds = 10;                                     // RLIMIT_CPU
inline constexpr std::chrono::milliseconds kWorkerDefaultTimeout{15'000};               // wall clock

struct IsolatedPhotoProcessorConfig {
  std::string worker_path;  // the pokeca-photo-worker executable
  std::uint64_t memory_limit_bytes = kWorkerDefaultMemoryLimitBytes;
  int cpu_seconds = kWorkerDefaultCpuSeconds;
  std::chrono::milliseconds timeout = kWorkerDefaultTimeout;
};

// What one worker run cost (from wait4's rusage), for benchmarks and logs.
struct WorkerUsage {
  long max_rss_kib = 0;
  double user_seconds = 0;
  double system_seconds = 0;
};

class IsolatedPhotoProcessor final : public PhotoProcessor {
 public:
  // Throws std::invalid_argument when worker_path is empty, the limits are not
  // positive, or the file is not executable (a start-up failure).
  explicit IsolatedPhotoProcessor(IsolatedPhotoProcessorConfig config);

  [[nodiscard]] Result<ProcessedPhoto> process(std::span<const std::byte> upload) const override;
  // Same, and reports the worker's resource usage when it ran.
  [[nodiscard]] Result<ProcessedPhoto> process(std::span<const std::byte> upload, WorkerUsage* usage) const;

 private:
  IsolatedPhotoProcessorConfig config_;
};

}  // namespace pokeca::media
