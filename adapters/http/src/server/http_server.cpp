#include "pokeca/http/http_server.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <sched.h>
#include <sys/resource.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_generator.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/rfc7230.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/write.hpp>

#include "common/access_log.hpp"
#include "common/client_address.hpp"
#include "common/http_messages.hpp"
#include "common/query_string.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/http_metrics.hpp"
#include "pokeca/shared/messages.hpp"
#include "server/log_buffer.hpp"
#include "server/request_budget.hpp"

namespace pokeca::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using asio::awaitable;
using error_code = boost::system::error_code;

constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

// After an early error response the client may still be sending its body. Reading (and
// dropping) some of it before closing avoids a TCP reset that could destroy our
// response before the client has read it.
constexpr std::chrono::milliseconds kLingerTimeout{500};
constexpr std::size_t kMaxLingerBytes = 1024 * 1024;
// Accept errors such as "too many open files": wait a little instead of spinning.
constexpr std::chrono::milliseconds kAcceptRetryDelay{100};
// After the grace period connections are cut; this bounds the wait for them to unwind.
constexpr std::chrono::milliseconds kForcedCloseWait{2'000};

// The client's address; IPv4-mapped IPv6 addresses are shown as IPv4.
std::string peer_address(const tcp::socket& socket) {
  error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return {};
  auto address = endpoint.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
  return address.to_string();
}

struct Connection {
  Connection(tcp::socket socket, Peer p, ConnectionShares::Hold h)
      : peer(std::move(p)), hold(std::move(h)), stream(std::move(socket)) {}
  Peer peer;
  ConnectionShares::Hold hold;  // its place under the connection cap and its address's share
  beast::tcp_stream stream;
  bool idle = false;  // waiting for a request to begin; read and written only on the strand
};

// How reading a request header ended.
enum class HeaderRead { kComplete, kGone, kTooLarge, kMalformed };

std::string_view buffered(const beast::flat_buffer& buffer) {
  return {static_cast<const char*>(buffer.data().data()), buffer.size()};
}

// Obsolete line folding (a field line that starts with a space or a tab) is refused
// (RFC 9112 §5.2), and so is a bare LF: both let two parsers read one header two ways.
bool malformed_lines(std::string_view header) {
  for (std::size_t at = header.find('\n'); at != std::string_view::npos; at = header.find('\n', at + 1)) {
    if (at == 0 || header[at - 1] != '\r') return true;
    if (at + 1 < header.size() && (header[at + 1] == ' ' || header[at + 1] == '\t')) return true;
  }
  return false;
}

// RFC 9112 §6.3: a request whose Transfer-Encoding does not end in "chunked" cannot be
// framed, so it is refused (else its body would be read as the next request). Every
// Transfer-Encoding field counts, in order, as one list.
bool unframed_transfer_encoding(const RequestHeader& header) {
  const auto [first, end] = header.equal_range(bhttp::field::transfer_encoding);
  if (first == end) return false;
  std::string_view last;
  for (auto field = first; field != end; ++field)
    for (const auto coding : bhttp::token_list{field->value()}) last = coding;
  return !beast::iequals(last, "chunked");
}

// Malformed requests are answered with 400; I/O failures and a client that went away
// are not answered at all.
bool is_parse_error(const error_code& ec) {
  static const auto& http_category = bhttp::make_error_code(bhttp::error::bad_method).category();
  return ec.category() == http_category && ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The connection cap, lowered to what the open-file limit leaves.
unsigned connection_cap(unsigned configured) {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY) return configured;
  const auto usable =
      files.rlim_cur > kReservedFileDescriptors * 2 ? files.rlim_cur - kReservedFileDescriptors : files.rlim_cur / 2;
  return static_cast<unsigned>(std::min<rlim_t>(configured, usable));
}

}  // namespace

unsigned usable_cpus() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0) return std::max(1, CPU_COUNT(&cpus));
  return std::max(1u, std::thread::hardware_concurrency());
}

struct HttpServer::State {
  State(const RequestHandler& h, HttpServerConfig c)
      : handler(h),
        config(std::move(c)),
        body_budget(config.max_buffered_body_bytes),
        small_body_budget(config.max_small_body_bytes),
        uploads_per_user(config.max_uploads_per_user),
        uploads_per_address(config.max_uploads_per_address),
        requests_per_forwarded_address(config.max_connections_per_address),
        max_connections(connection_cap(config.max_connections)),
        shares(
            {max_connections, config.max_connections_per_address, config.connection_headroom, kSmallClientConnections}),
        full_reply(serialized_busy_reply()),
        workers(std::max(1u, config.worker_threads)),
        slow(config.slow_lane_threads, config.slow_lane_queue_limit),
        upload(config.upload_lane_threads, config.upload_lane_queue_limit) {}

  // A bounded pool: requests beyond queue_limit (running + waiting) are refused at once.
  struct BoundedLane {
    BoundedLane(unsigned threads, unsigned limit) : pool(std::max(1u, threads)), queue_limit(limit) {}
    asio::thread_pool pool;
    std::atomic<unsigned> in_flight{0};
    unsigned queue_limit;
  };
  BoundedLane* bounded(Lane lane) {
    if (lane == Lane::kSlow) return &slow;
    if (lane == Lane::kUpload) return &upload;
    return nullptr;
  }

  // Where a refused request came from, for the log.
  struct Seen {
    std::string request_id;
    std::string_view method = "-";
    std::string_view path = "-";
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::optional<std::size_t> route = {};  // the plan's, once known (the metrics' label)
  };

  awaitable<void> listen();
  awaitable<void> session(std::uint64_t id, std::shared_ptr<Connection> conn);
  awaitable<HeaderRead> read_header(Connection& conn, beast::flat_buffer& buffer,
                                    bhttp::request_parser<bhttp::string_body>& parser);
  awaitable<error_code> read_body(Connection& conn, beast::flat_buffer& buffer,
                                  bhttp::request_parser<bhttp::string_body>& parser, BodyBudget::Lease& lease);
  awaitable<void> refuse(Connection& conn, const Seen& seen, Status status, std::string_view code,
                         std::string_view message);
  awaitable<void> refuse(Connection& conn, const Seen& seen, Response response);
  static bhttp::message_generator to_message(Reply& reply);
  awaitable<std::tuple<error_code, std::size_t>> write(beast::tcp_stream& stream, Reply& reply);
  Response busy() const;
  std::string serialized_busy_reply() const;
  void turn_away(tcp::socket& socket);
  awaitable<void> linger(Connection& conn);
  void log(const Seen& seen, unsigned status, std::uint64_t bytes);
  void forget(std::uint64_t id);
  void close_connections(bool only_idle);

  const RequestHandler& handler;
  HttpServerConfig config;
  RequestIds request_ids;
  // The default access log (stderr) is written in chunks, off the I/O threads.
  LogBuffer stderr_access_log{write_chunk_to_stderr};

  std::mutex stop_mutex;  // held through stop(), so a second caller waits for the first
  std::mutex mutex;
  std::condition_variable connections_gone;
  std::unordered_map<std::uint64_t, std::shared_ptr<Connection>> connections;
  std::uint64_t next_connection_id = 0;
  asio::io_context* signal_context = nullptr;
  bool started = false;
  bool stopped = false;
  std::atomic<bool> stopping{false};
  std::uint16_t bound_port = 0;
  // What connections may hold (request_budget.hpp).
  BodyBudget body_budget;        // bodies larger than config.body_limit (uploads)
  BodyBudget small_body_budget;  // the others (JSON)
  PerKeySlots uploads_per_user;
  PerKeySlots uploads_per_address;
  PerKeySlots requests_per_forwarded_address;  // behind a trusted proxy only
  RefusalTally refused_connections{kRefusedConnectionsLogInterval};
  const unsigned max_connections;
  ConnectionShares shares;
  const std::string full_reply;  // the 503 a connection beyond the cap gets

  // Declared last so they go first: the acceptor before the pool, the pool (joined)
  // before the io_context whose destructor frees any coroutine frames left over.
  asio::io_context ioc;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
  asio::thread_pool workers;
  BoundedLane slow;
  BoundedLane upload;
  tcp::acceptor acceptor{asio::make_strand(ioc)};
  std::vector<std::thread> io_threads;
};

awaitable<void> HttpServer::State::listen() {
  for (;;) {
    tcp::socket socket(asio::make_strand(ioc));  // the connection's strand
    auto [ec] = co_await acceptor.async_accept(socket, kNoThrow);
    if (stopping || !acceptor.is_open()) co_return;
    if (ec) {
      asio::steady_timer pause(acceptor.get_executor(), kAcceptRetryDelay);
      co_await pause.async_wait(kNoThrow);
      continue;
    }
    // An answer goes out in more than one send (header, then body): with Nagle's algorithm
    // the second waits for the client's delayed ACK of the first, 40 ms on every keep-alive
    // request after the first.
    error_code nodelay_ec;
    socket.set_option(tcp::no_delay(true), nodelay_ec);
    std::shared_ptr<Connection> conn;
    std::uint64_t id = 0;
    Peer peer{peer_address(socket)};
    // Behind a trusted proxy every connection is the proxy's: its clients are counted
    // per request, by their forwarded address (session()).
    auto hold = shares.try_take(config.trust_forwarded_for ? std::string() : rate_limit_address(peer.address));
    if (hold) {
      conn = std::make_shared<Connection>(std::move(socket), std::move(peer), std::move(hold));
      std::lock_guard lock(mutex);
      id = ++next_connection_id;
      connections.emplace(id, conn);
      if (config.metrics) config.metrics->connection_opened();
    }
    if (!conn) {
      turn_away(socket);
      continue;
    }
    asio::co_spawn(conn->stream.get_executor(), session(id, conn), [](const std::exception_ptr&) {});
  }
}

awaitable<void> HttpServer::State::session(std::uint64_t id, std::shared_ptr<Connection> conn) {
  struct Forget {
    State* state;
    std::uint64_t id;
    ~Forget() { state->forget(id); }
  } forget_on_exit{this, id};

  auto& stream = conn->stream;
  beast::flat_buffer buffer;
  unsigned served = 0;
  // stop() posts "close if idle" to this strand after setting `stopping`, so a request
  // is either started before stop() or never.
  while (!stopping) {
    bhttp::request_parser<bhttp::string_body> parser;  // fresh per request
    parser.header_limit(static_cast<std::uint32_t>(config.header_limit));
    parser.body_limit(boost::none);  // decided below, once the route is known

    conn->idle = true;
    const auto header_read = co_await read_header(*conn, buffer, parser);
    conn->idle = false;
    if (header_read == HeaderRead::kGone) break;  // closed, reset, timed out or stopped
    Seen seen{request_ids.next()};
    if (header_read == HeaderRead::kTooLarge) {
      co_await refuse(*conn, seen, Status::request_header_fields_too_large, "header_too_large", msg::kHeaderTooLarge);
      co_return;
    }
    if (header_read == HeaderRead::kMalformed) {
      co_await refuse(*conn, seen, Status::bad_request, "bad_request", msg::kMalformedRequest);
      co_return;
    }

    const auto& header = parser.get();
    seen.method = header.method_string();
    seen.path = split_target(header.target()).path;
    if (unframed_transfer_encoding(header)) {
      co_await refuse(*conn, seen, Status::bad_request, "bad_request", msg::kMalformedRequest);
      co_return;
    }
    // Behind a trusted proxy, the forwarded address's share of requests being handled.
    PerKeySlots::Slot forwarded_slot;
    if (config.trust_forwarded_for) {
      forwarded_slot = requests_per_forwarded_address.try_take(
          client_address(conn->peer.address, header["X-Forwarded-For"], /*trust_forwarded_for=*/true));
      if (!forwarded_slot) {
        co_await refuse(*conn, seen, busy());
        co_return;
      }
    }
    // The route is looked up once, from the header: its body limit, lane and handler.
    const auto plan = handler.plan(header.base());
    seen.route = plan.route;
    const auto limit = plan.body_limit.value_or(config.body_limit);
    if (parser.content_length() && *parser.content_length() > limit) {
      co_await refuse(*conn, seen, Status::payload_too_large, "payload_too_large", msg::kBodyTooLarge);
      co_return;
    }
    parser.body_limit(limit);  // for chunked bodies, checked as they arrive
    // Uploads: who is calling, from the header, before a byte of the body is held.
    PerKeySlots::Slot upload_slot;
    if (plan.admit_first) {
      auto admission = co_await asio::co_spawn(
          workers.get_executor(),
          [this, &header, &plan, &conn, &seen]() -> awaitable<Admission> {
            const RequestIdScope scope(seen.request_id);
            co_return handler.admit(header, plan, conn->peer);
          },
          asio::use_awaitable);
      if (admission.refusal) {
        co_await refuse(*conn, seen, std::move(*admission.refusal));
        co_return;
      }
      if (plan.lane == Lane::kUpload && !admission.caller.empty()) {
        upload_slot = uploads_per_user.try_take(admission.caller);
        if (!upload_slot) {
          co_await refuse(*conn, seen, busy());
          co_return;
        }
      }
    }
    PerKeySlots::Slot address_upload_slot;
    if (plan.lane == Lane::kUpload) {
      address_upload_slot = uploads_per_address.try_take(
          client_address(conn->peer.address, header["X-Forwarded-For"], config.trust_forwarded_for));
      if (!address_upload_slot) {
        co_await refuse(*conn, seen, busy());
        co_return;
      }
    }
    BodyBudget::Lease body_lease;
    if (!parser.is_done()) {
      body_lease = (limit <= config.body_limit ? small_body_budget : body_budget).try_take(0);
      if (beast::iequals(header[bhttp::field::expect], "100-continue")) {
        bhttp::response<bhttp::empty_body> go_on{Status::continue_, header.version()};
        stream.expires_after(config.write_timeout);
        if (auto [ec, n] = co_await bhttp::async_write(stream, go_on, kNoThrow); ec) break;
      }
      const auto body_ec = co_await read_body(*conn, buffer, parser, body_lease);
      if (body_ec == bhttp::error::buffer_overflow) {  // the body budget said no
        co_await refuse(*conn, seen, busy());
        co_return;
      }
      if (body_ec == bhttp::error::body_limit) {
        co_await refuse(*conn, seen, Status::payload_too_large, "payload_too_large", msg::kBodyTooLarge);
        co_return;
      }
      if (is_parse_error(body_ec)) {
        co_await refuse(*conn, seen, Status::bad_request, "bad_request", msg::kMalformedRequest);
        co_return;
      }
      if (body_ec) break;
    }

    // The request owns its strings from here; `seen` must not point into the parser.
    Request request = parser.release();
    seen.method = request.method_string();
    seen.path = split_target(request.target()).path;
    stream.expires_never();  // the handler may take a while; the write sets its own timeout

    // A kept answer goes from this I/O thread; anything else to a pool of the plan's lane.
    RequestContext context{conn->peer, seen.request_id, plan};
    Reply reply;
    auto* lane = bounded(plan.lane);
    if (auto ready = handler.ready(request, context)) {
      reply = std::move(*ready);
    } else if (lane && lane->in_flight.fetch_add(1) >= lane->queue_limit) {
      --lane->in_flight;
      if (config.metrics) config.metrics->lane_refused(plan.lane);
      reply.response = busy();
    } else {
      struct LaneSlot {
        std::atomic<unsigned>* count;
        HttpMetrics* metrics;
        Lane lane;
        ~LaneSlot() {
          if (count) --*count;
          if (metrics) metrics->lane_done(lane);
        }
      } slot{lane ? &lane->in_flight : nullptr, config.metrics, plan.lane};
      if (config.metrics) config.metrics->lane_queued(plan.lane);
      const auto queued = config.metrics ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
      // Chosen before the co_await: GCC evaluated both arms of a conditional inside the
      // awaited expression, reading lane->pool through a null `lane` (UBSan).
      const auto executor = lane ? lane->pool.get_executor() : workers.get_executor();
      try {
        reply = co_await asio::co_spawn(
            executor,
            [this, &request, &context, queued]() -> awaitable<Reply> {
              if (config.metrics)
                config.metrics->lane_started(context.plan.lane, std::chrono::steady_clock::now() - queued);
              const RequestIdScope scope(context.request_id);
              co_return handler.serve(request, context);
            },
            asio::use_awaitable);
      } catch (...) {
        reply = {handler.error_response(Status::internal_server_error, "internal", msg::kInternal)};
      }
    }
    auto& response = reply.response;
    const bool keep_alive = request.keep_alive() && ++served < config.max_requests_per_connection && !stopping;
    response.keep_alive(keep_alive);
    response.set(kRequestIdHeader, seen.request_id);

    const auto status = response.result_int();
    auto [write_ec, written] = co_await write(stream, reply);
    log(seen, status, written);
    if (write_ec || !keep_alive) break;
  }
  error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

// Reads until the buffer holds a whole header (up to its blank line), then parses it.
// One deadline for the whole header (config.header_timeout, or the read timeout where that is
// shorter: a header is never held longer than any read), not one per read, so a
// client trickling bytes is cut as soon as one sending nothing; and the header's whole
// size is bounded (config.header_limit), where Beast's own limit applies per read.
awaitable<HeaderRead> HttpServer::State::read_header(Connection& conn, beast::flat_buffer& buffer,
                                                     bhttp::request_parser<bhttp::string_body>& parser) {
  auto& stream = conn.stream;
  stream.expires_after(std::min(config.header_timeout, config.read_timeout));
  const std::size_t limit = config.header_limit;
  for (;;) {
    auto data = buffered(buffer);
    // Empty lines before a request line are ignored (RFC 9112 §2.2), a few of them.
    std::size_t start = 0;
    while (start + 1 < data.size() && start < limit && data[start] == '\r' && data[start + 1] == '\n') start += 2;
    const auto end = data.find("\r\n\r\n", start);
    if (end != std::string_view::npos) {
      const auto header = data.substr(start, end + 4 - start);
      if (header.size() > limit) co_return HeaderRead::kTooLarge;
      if (malformed_lines(header)) co_return HeaderRead::kMalformed;
      break;
    }
    if (data.size() - start >= limit + 3) co_return HeaderRead::kTooLarge;
    if (malformed_lines(data.substr(start))) co_return HeaderRead::kMalformed;
    auto [ec, n] = co_await stream.async_read_some(buffer.prepare(limit + 3 - (data.size() - start)), kNoThrow);
    buffer.commit(n);
    if (ec) co_return HeaderRead::kGone;
  }
  // The whole header is in the buffer: it is parsed here, in place (a read operation would
  // cost every request another trip through the executor for bytes already read).
  error_code ec;
  buffer.consume(parser.put(buffer.data(), ec));
  if (ec == bhttp::error::header_limit) co_return HeaderRead::kTooLarge;
  co_return ec || !parser.is_header_done() ? HeaderRead::kMalformed : HeaderRead::kComplete;
}

// Reads the body as it arrives. Before each read `lease` grows by what the read may bring
// (the first read kFirstBodyReadBytes, each next as much as the body has so far, up to
// kMaxBodyReadBytes); buffer_overflow when the budget says no. The body must come at
// config.min_body_bytes_per_second after config.body_rate_grace: each read's deadline is when the
// body would fall below that rate (or the read timeout, if sooner).
awaitable<error_code> HttpServer::State::read_body(Connection& conn, beast::flat_buffer& buffer,
                                                   bhttp::request_parser<bhttp::string_body>& parser,
                                                   BodyBudget::Lease& lease) {
  auto& stream = conn.stream;
  const auto body_started = std::chrono::steady_clock::now();
  const auto rate = std::max<std::uint64_t>(1, config.min_body_bytes_per_second);
  parser.eager(true);
  for (;;) {
    error_code ec;
    while (buffer.size() != 0 && !parser.is_done()) {
      const auto used = parser.put(buffer.data(), ec);
      buffer.consume(used);
      if (ec == bhttp::error::need_more) {
        ec = {};
        break;
      }
      if (ec) co_return ec;
      if (used == 0) break;
    }
    if (parser.is_done()) co_return error_code{};
    const std::uint64_t held = parser.get().body().size() + buffer.size();
    auto want = std::clamp<std::uint64_t>(held, kFirstBodyReadBytes, kMaxBodyReadBytes);
    if (const auto remaining = parser.content_length_remaining())
      want = std::clamp<std::uint64_t>(*remaining - std::min<std::uint64_t>(*remaining, buffer.size()), 1, want);
    if (!lease.grow_to(held + want)) co_return bhttp::error::buffer_overflow;
    const auto rate_deadline = body_started + config.body_rate_grace + std::chrono::milliseconds(held * 1000 / rate);
    stream.expires_at(std::min(std::chrono::steady_clock::now() + config.read_timeout, rate_deadline));
    auto [read_ec, n] = co_await stream.async_read_some(buffer.prepare(static_cast<std::size_t>(want)), kNoThrow);
    buffer.commit(n);
    if (read_ec == asio::error::eof) {
      parser.put_eof(ec);
      co_return ec ? ec : error_code{bhttp::error::partial_message};
    }
    if (read_ec) co_return read_ec;
  }
}

// The one place a Reply becomes a Beast message: its head with the string body, the shared
// bytes (a cache entry's, sent without a copy) or the open file. The shared bytes stay
// alive in `reply`, which the caller keeps until the write is done.
bhttp::message_generator HttpServer::State::to_message(Reply& reply) {
  if (reply.shared_body)
    return bhttp::response<bhttp::span_body<const char>>{
        std::move(reply.response.base()),
        boost::span<const char>(reply.shared_body->data(), reply.shared_body->size())};
  if (reply.file) return bhttp::response<bhttp::file_body>{std::move(reply.response.base()), std::move(*reply.file)};
  return std::move(reply.response);
}

// Writes a reply under write_timeout: in one composed write, or, when its body is a file,
// piece by piece with the timeout renewed for each piece: a large download to a slow
// client goes on as long as the client keeps reading, and a client that stops is dropped.
awaitable<std::tuple<error_code, std::size_t>> HttpServer::State::write(beast::tcp_stream& stream, Reply& reply) {
  const bool per_piece = reply.file.has_value();
  auto message = to_message(reply);
  stream.expires_after(config.write_timeout);
  if (!per_piece) co_return co_await beast::async_write(stream, std::move(message), kNoThrow);
  std::size_t written = 0;
  error_code ec;
  while (!ec && !message.is_done()) {
    const auto buffers = message.prepare(ec);
    if (ec) break;
    stream.expires_after(config.write_timeout);
    std::size_t n = 0;
    std::tie(ec, n) = co_await stream.async_write_some(buffers, kNoThrow);
    message.consume(n);
    written += n;
  }
  co_return std::tuple{ec, written};
}

awaitable<void> HttpServer::State::refuse(Connection& conn, const Seen& seen, Status status, std::string_view code,
                                          std::string_view message) {
  co_await refuse(conn, seen, handler.error_response(status, code, message));
}

awaitable<void> HttpServer::State::refuse(Connection& conn, const Seen& seen, Response response) {
  response.keep_alive(false);  // the rest of the stream cannot be trusted
  response.set(kRequestIdHeader, seen.request_id);
  const auto status = response.result_int();
  Reply reply{std::move(response)};
  auto [ec, written] = co_await write(conn.stream, reply);
  log(seen, status, written);
  if (!ec) co_await linger(conn);
}

awaitable<void> HttpServer::State::linger(Connection& conn) {
  error_code ec;
  conn.stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  conn.stream.expires_after(kLingerTimeout);
  char sink[4096];
  std::size_t dropped = 0;
  while (!ec && dropped < kMaxLingerBytes) {
    auto [read_ec, n] = co_await conn.stream.async_read_some(asio::buffer(sink), kNoThrow);
    ec = read_ec;
    dropped += n;
  }
}

// 503 with Retry-After: a lane, the body budget or the connection cap is full.
Response HttpServer::State::busy() const {
  auto response = handler.error_response(Status::service_unavailable, "unavailable", msg::kBusy);
  response.set(bhttp::field::retry_after, kSlowLaneRetryAfterSeconds);
  return response;
}

std::string HttpServer::State::serialized_busy_reply() const {
  auto response = busy();
  response.keep_alive(false);
  response.prepare_payload();
  std::ostringstream out;
  out << response;
  return std::move(out).str();
}

// A connection beyond the cap: the ready-made 503 in one non-blocking write (a fresh
// socket's send buffer takes it whole), then closed, without a coroutine or a read. The
// refusals are summed up in one error-log line per interval.
void HttpServer::State::turn_away(tcp::socket& socket) {
  error_code ec;
  socket.non_blocking(true, ec);
  if (!ec) asio::write(socket, asio::buffer(full_reply), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
  if (config.metrics) config.metrics->connection_refused();
  if (auto refused = refused_connections.count(std::chrono::steady_clock::now())) {
    write_error_log(format_error_log(
        {"-", "-", "-", static_cast<unsigned>(Status::service_unavailable), "connections_refused",
         std::to_string(*refused) + " connection(s) refused at the cap of " + std::to_string(max_connections) +
             " open connections or an address's share of " + std::to_string(config.max_connections_per_address)},
        unix_now()));
  }
}

void HttpServer::State::log(const Seen& seen, unsigned status, std::uint64_t bytes) {
  const auto elapsed = std::chrono::steady_clock::now() - seen.started;
  if (config.metrics) config.metrics->request(seen.route, seen.method, status, elapsed, bytes);
  const auto line = format_access_log({seen.request_id, seen.method, seen.path, status,
                                       std::chrono::duration<double, std::milli>(elapsed).count(), bytes},
                                      unix_now());
  if (config.access_log)
    config.access_log(line);
  else
    stderr_access_log.append(line);
}

void HttpServer::State::forget(std::uint64_t id) {
  std::lock_guard lock(mutex);
  if (connections.erase(id) != 0 && config.metrics) config.metrics->connection_closed();
  if (connections.empty()) connections_gone.notify_all();
}

void HttpServer::State::close_connections(bool only_idle) {
  std::vector<std::shared_ptr<Connection>> snapshot;
  {
    std::lock_guard lock(mutex);
    for (const auto& [id, conn] : connections) snapshot.push_back(conn);
  }
  for (auto& conn : snapshot) {
    asio::post(conn->stream.get_executor(), [conn, only_idle] {
      if (only_idle && !conn->idle) return;
      error_code ignored;
      conn->stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
      conn->stream.close();
    });
  }
}

HttpServer::HttpServer(const RequestHandler& handler, HttpServerConfig config)
    : state_(std::make_unique<State>(handler, std::move(config))) {}

HttpServer::~HttpServer() { stop(); }

void HttpServer::start() {
  auto& s = *state_;
  {
    std::lock_guard lock(s.mutex);
    if (s.started) throw std::logic_error("HttpServer::start called twice");
    s.started = true;
  }
  try {
    const tcp::endpoint endpoint{asio::ip::make_address(s.config.bind_address), s.config.port};
    s.acceptor.open(endpoint.protocol());
    s.acceptor.set_option(asio::socket_base::reuse_address(true));
    s.acceptor.bind(endpoint);
    s.acceptor.listen(asio::socket_base::max_listen_connections);
    s.bound_port = s.acceptor.local_endpoint().port();
  } catch (const boost::system::system_error& e) {
    throw std::system_error(std::error_code(e.code()),
                            "cannot listen on " + s.config.bind_address + ":" + std::to_string(s.config.port));
  }
  s.work.emplace(s.ioc.get_executor());
  asio::co_spawn(s.acceptor.get_executor(), s.listen(), [](const std::exception_ptr&) {});
  const unsigned threads = std::max(1u, s.config.io_threads);
  for (unsigned i = 0; i < threads; ++i) s.io_threads.emplace_back([&s] { s.ioc.run(); });
}

std::uint16_t HttpServer::port() const { return state_->bound_port; }

void HttpServer::wait_for_signal() {
  auto& s = *state_;
  // Its own io_context on the calling thread: the server's threads stay out of it.
  asio::io_context signal_context;
  asio::signal_set signals(signal_context, SIGINT, SIGTERM);
  signals.async_wait([](const error_code&, int) {});
  {
    std::lock_guard lock(s.mutex);
    if (s.stopped) return;
    s.signal_context = &signal_context;
  }
  signal_context.run();
  std::lock_guard lock(s.mutex);
  s.signal_context = nullptr;
}

void HttpServer::stop() {
  auto& s = *state_;
  std::lock_guard stopping_lock(s.stop_mutex);
  {
    std::lock_guard lock(s.mutex);
    if (s.stopped) return;
    s.stopped = true;
    if (s.signal_context) s.signal_context->stop();
    if (!s.started) return;
  }
  s.stopping = true;
  asio::post(s.acceptor.get_executor(), [&s] {
    error_code ignored;
    s.acceptor.close(ignored);
  });
  s.close_connections(/*only_idle=*/true);
  {
    std::unique_lock lock(s.mutex);
    const auto all_gone = [&s] { return s.connections.empty(); };
    if (!s.connections_gone.wait_for(lock, s.config.shutdown_grace, all_gone)) {
      lock.unlock();
      s.close_connections(/*only_idle=*/false);
      lock.lock();
      s.connections_gone.wait_for(lock, kForcedCloseWait, all_gone);
    }
  }
  s.work.reset();
  s.ioc.stop();
  for (auto& t : s.io_threads) t.join();
  s.workers.join();
  s.slow.pool.join();
  s.upload.pool.join();
  s.stderr_access_log.flush();  // every line of every answered request, before stop() returns
}

}  // namespace pokeca::http
