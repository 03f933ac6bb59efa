#pragma once
// The HTTP/1.1 server: Boost.Beast and Asio with C++20 coroutines, after Beast's own
// examples. A listener and a session per connection, each session on its own strand;
// a fresh parser per request with header and body limits; a timeout before every read;
// keep-alive with a cap on requests per connection. Handlers (which block on SQLite)
// run on a separate worker pool, never on the I/O threads; requests the handler puts
// on the slow lane (password hashing) run on a second, smaller pool, uploads on a third. stop() stops accepting,
// closes idle connections and lets requests in flight finish.
// Asio stays out of this header (pimpl): it is slow to compile.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "pokeca/http/request_handler.hpp"

namespace pokeca::http {

// The whole request header (request line and every field), not each line (RFC 9112 §2.3).
inline constexpr std::size_t kDefaultHeaderLimit = 8 * 1024;
inline constexpr std::uint64_t kDefaultBodyLimit = 64 * 1024;            // JSON bodies
inline constexpr std::chrono::milliseconds kDefaultReadTimeout{15'000};  // per read
// A connection must send a whole request header within this time of starting to wait for
// it (also between keep-alive requests), so a socket that sends nothing is not kept for
// the read timeout. Apache's KeepAliveTimeout is as short.
inline constexpr std::chrono::milliseconds kDefaultHeaderTimeout{5'000};
inline constexpr std::chrono::milliseconds kDefaultWriteTimeout{30'000};  // per response
inline constexpr unsigned kDefaultMaxRequestsPerConnection = 100;
inline constexpr std::chrono::milliseconds kDefaultShutdownGrace{10'000};
// The slow lane (RoutePlan::lane): one thread hashes passwords while the other
// cores keep serving the map. Requests beyond the queue limit (running + waiting) are
// answered 503 with Retry-After at once instead of piling up.
inline constexpr unsigned kDefaultSlowLaneThreads = 1;
inline constexpr unsigned kDefaultSlowLaneQueueLimit = 64;
inline constexpr std::string_view kSlowLaneRetryAfterSeconds = "1";
// The upload lane (photo submissions): few threads, and few requests queued, because
// each holds a body of up to 32 MiB in memory while it waits.
inline constexpr unsigned kDefaultUploadLaneThreads = 1;
inline constexpr unsigned kDefaultUploadLaneQueueLimit = 4;
// Uploads one account may have on the way at once (reading, queued or running), so one
// account cannot fill the upload lane or the body budget; and one client address, so a
// few accounts made from one address cannot either.
inline constexpr unsigned kDefaultMaxUploadsPerUser = 1;
inline constexpr unsigned kDefaultMaxUploadsPerAddress = 2;
// Request bodies held in memory at once over all connections. A body is counted as it
// arrives (request_budget.hpp's BodyBudget): before each read, what that read may bring.
// A body that would go beyond is answered 503 with Retry-After and its connection closed.
// Bodies larger than body_limit (uploads) share the large budget; the small JSON bodies
// (logins, reports, favourites) have their own, so uploads can never starve them.
inline constexpr std::uint64_t kDefaultMaxBufferedBodyBytes = 256ULL * 1024 * 1024;
inline constexpr std::uint64_t kDefaultMaxSmallBodyBytes = 32ULL * 1024 * 1024;
// The first read of a body asks for this much at most; each next read for as much as the
// body has brought so far (doubling), up to kMaxBodyReadBytes: to hold memory a client
// must send about half of it.
inline constexpr std::uint64_t kFirstBodyReadBytes = 4 * 1024;
inline constexpr std::uint64_t kMaxBodyReadBytes = 64 * 1024;
// A body must arrive at this rate at least, after a grace period: a client that sends
// slower is cut (its connection closed). 8 KiB/s is a slow mobile line's sixth; a 32 MiB
// upload may take 68 minutes.
inline constexpr std::uint64_t kDefaultMinBodyBytesPerSecond = 8 * 1024;
inline constexpr std::chrono::milliseconds kBodyRateGrace{5'000};
// Open connections; beyond, a new connection gets a 503 and is closed at once. Lowered
// to what the process's open-file limit leaves (kReservedFileDescriptors kept for the
// database, photos and the decoder's pipes).
inline constexpr unsigned kDefaultMaxConnections = 4096;
inline constexpr unsigned kReservedFileDescriptors = 256;
// One client address (IPv6 by its /64) may hold this many of them; beyond, its new
// connection gets the same 503. Generous, for many people behind one carrier-grade NAT.
// Behind a trusted proxy (every connection comes from the proxy) the share is counted per
// forwarded address for requests being read or run instead.
inline constexpr unsigned kDefaultMaxConnectionsPerAddress = 256;
// The last places under the cap are kept for addresses that hold fewer than
// kSmallClientConnections (a browser opens about six), so a new visitor is served while
// some addresses sit at their share.
inline constexpr unsigned kDefaultConnectionHeadroom = 256;
inline constexpr unsigned kSmallClientConnections = 8;
// Connections refused at the cap are summed up in one log line per interval.
inline constexpr std::chrono::seconds kRefusedConnectionsLogInterval{10};

// The map's worker pool when none is configured: one thread per CPU the
// process may run on (sched_getaffinity: taskset, cpusets), 1 to kMaxDefaultWorkerThreads.
// More threads than CPUs only take turns on the same cores and widen the latency spread
// (on one core: 4 workers p99 18.8–19.6 ms, 1 worker 13.4–14.6 ms for the bbox miss).
inline constexpr unsigned kMaxDefaultWorkerThreads = 4;
[[nodiscard]] unsigned usable_cpus();  // at least 1
[[nodiscard]] constexpr unsigned default_worker_threads(unsigned cpus) {
  return cpus < 1 ? 1 : cpus > kMaxDefaultWorkerThreads ? kMaxDefaultWorkerThreads : cpus;
}
[[nodiscard]] inline unsigned default_worker_threads() { return default_worker_threads(usable_cpus()); }

class HttpMetrics;  // http_metrics.hpp

// Receives one access-log line (JSON, no newline). Called from I/O threads.
using AccessLogSink = std::function<void(std::string_view line)>;

struct HttpServerConfig {
  std::string bind_address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0 = any free port; read it back with port()
  unsigned io_threads = 1;
  unsigned worker_threads = default_worker_threads();
  unsigned slow_lane_threads = kDefaultSlowLaneThreads;
  unsigned slow_lane_queue_limit = kDefaultSlowLaneQueueLimit;
  unsigned upload_lane_threads = kDefaultUploadLaneThreads;
  unsigned upload_lane_queue_limit = kDefaultUploadLaneQueueLimit;
  unsigned max_uploads_per_user = kDefaultMaxUploadsPerUser;
  unsigned max_uploads_per_address = kDefaultMaxUploadsPerAddress;
  std::uint64_t max_buffered_body_bytes = kDefaultMaxBufferedBodyBytes;
  std::uint64_t max_small_body_bytes = kDefaultMaxSmallBodyBytes;
  std::uint64_t min_body_bytes_per_second = kDefaultMinBodyBytesPerSecond;
  std::chrono::milliseconds body_rate_grace = kBodyRateGrace;
  unsigned max_connections = kDefaultMaxConnections;
  unsigned max_connections_per_address = kDefaultMaxConnectionsPerAddress;
  unsigned connection_headroom = kDefaultConnectionHeadroom;
  // A reverse proxy is in front: the client address is the last X-Forwarded-For entry.
  bool trust_forwarded_for = false;
  std::size_t header_limit = kDefaultHeaderLimit;
  std::uint64_t body_limit = kDefaultBodyLimit;  // unless RequestHandler::body_limit says otherwise
  std::chrono::milliseconds header_timeout = kDefaultHeaderTimeout;
  std::chrono::milliseconds read_timeout = kDefaultReadTimeout;
  std::chrono::milliseconds write_timeout = kDefaultWriteTimeout;
  unsigned max_requests_per_connection = kDefaultMaxRequestsPerConnection;
  std::chrono::milliseconds shutdown_grace = kDefaultShutdownGrace;  // then connections are cut
  AccessLogSink access_log;                                          // empty = stderr
  // Where requests, lanes and connections are counted; null = not counted. Must outlive
  // the server.
  HttpMetrics* metrics = nullptr;
};

class HttpServer {
 public:
  // `handler` must outlive the server.
  HttpServer(const RequestHandler& handler, HttpServerConfig config);
  ~HttpServer();  // stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds, listens and starts the threads; returns at once. Throws std::system_error
  // when the address cannot be bound. Call once.
  void start();
  // The bound port (useful with port 0). Valid after start().
  [[nodiscard]] std::uint16_t port() const;
  // Blocks the calling thread until SIGINT or SIGTERM arrives, or stop() is called.
  void wait_for_signal();
  // Stops accepting, closes idle connections, waits up to shutdown_grace for requests
  // in flight, then joins every thread. Idempotent; never call it from a handler.
  void stop();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pokeca::http
