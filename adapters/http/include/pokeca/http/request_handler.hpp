#pragma once
// What HttpServer needs from the application, in the order the server asks for it: plan a
// request from its header (route, pool, body limit), admit an upload's caller before its
// body is read, send a kept answer from the I/O thread, serve the request on a worker, and
// build the response for a request the server refused before it was complete (413, 431,
// 400), so that every response carries the same envelope and headers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http/file_body.hpp>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

// Where a request came from, as the server's socket saw it.
struct Peer {
  std::string address;  // "192.0.2.7", "2001:db8::1"; empty when unknown
};

// Which worker pool runs a request. Slow requests (password hashing: sign-up, login …)
// get their own small pool, so a burst of them cannot occupy the threads the map's
// requests need; photo uploads (decoding takes up to about a second a photo, and their
// bodies are large) get another, so they hold up neither the map nor logins.
enum class Lane { kNormal, kSlow, kUpload };

// What the handler decides from the header alone, before the body is read. The route
// is looked up once, here; the server carries the plan to every later step.
struct RoutePlan {
  Lane lane = Lane::kNormal;
  std::optional<std::uint64_t> body_limit;  // nullopt = the server's default
  // The matched API route, as an index the handler understands (opaque to the server);
  // nullopt when the request is not for an API route the handler knows.
  std::optional<std::size_t> route;
  // The route needs a signed-in user and takes a large body (uploads): the server asks
  // admit() who is calling before it reads a byte of the body.
  bool admit_first = false;
};

// admit()'s answer: a refusal to send at once (the body unread, the connection closed),
// or the caller's account, which the server uses to share the upload lane fairly.
struct Admission {
  std::optional<Response> refusal;
  std::string caller;  // a stable key of the account; empty = none
};

// A kept answer ready() found but may not send from the I/O thread (it is still to be
// compressed, a worker's job), with the data generation it was kept for: serve() finishes
// it, so a request looks in the cache once.
struct KeptBody {
  std::shared_ptr<const std::string> body;
  std::uint64_t generation = 0;
};

// Everything about a request that is not in the request itself.
struct RequestContext {
  Peer peer;
  std::string request_id;  // the X-Request-Id the server sends and logs
  RoutePlan plan;          // plan()'s answer for this request's header
  KeptBody kept = {};      // left by ready() for serve()
};

// The one answer type, whatever its body; the server turns it into a Beast message in one
// place. `response` is the status and headers, and the body unless one of the others is
// set (then response.body() is empty and Content-Length is set):
// - `shared_body`: bytes shared with the response cache, sent without a copy;
// - `file`: an open file sent in pieces, so a large download (the open data export) is
//   never held in memory.
struct Reply {
  Response response;
  std::shared_ptr<const std::string> shared_body = {};
  std::optional<bhttp::file_body::value_type> file = {};
};

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;

  // 1. From the header alone: the route, its lane and body limit. Must be cheap.
  [[nodiscard]] virtual RoutePlan plan(const RequestHeader& header) const = 0;

  // 2. Only for a plan with admit_first: checks the credentials in the header (the
  // route's access rule) before the body is read. Called on a worker thread; may block.
  [[nodiscard]] virtual Admission admit(const RequestHeader& header, const RoutePlan& plan, const Peer& peer) const = 0;

  // 3. With the body read, on an I/O thread before any pool: the reply when it is ready
  // without work (a cache hit), sent from there to save two thread hops. What it learnt
  // for serve() it leaves in `context`. Must be cheap; never blocks, never throws.
  [[nodiscard]] virtual std::optional<Reply> ready(const Request& request, RequestContext& context) const = 0;

  // 4. Otherwise, on a worker thread of the plan's lane (possibly several at once): the
  // answer. Must not throw.
  [[nodiscard]] virtual Reply serve(const Request& request, const RequestContext& context) const = 0;

  // A request the server refuses itself: an error response with the JSON envelope;
  // `code` is the machine code.
  [[nodiscard]] virtual Response error_response(Status status, std::string_view code,
                                                std::string_view message) const = 0;
};

}  // namespace pokeca::http
