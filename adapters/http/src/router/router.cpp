#include "pokeca/http/router.hpp"

#include <chrono>
#include <utility>

#include <boost/json/serialize.hpp>

#include "api/api_body.hpp"
#include "api/error_mapping.hpp"
#include "cache/response_cache.hpp"
#include "common/access_log.hpp"
#include "common/client_address.hpp"
#include "common/content_encoding.hpp"
#include "common/http_messages.hpp"
#include "common/query_string.hpp"
#include "endpoints/accounts/refresh_cookie.hpp"
#include "endpoints/config/site_handlers.hpp"
#include "endpoints/export/open_data_export.hpp"
#include "pokeca/http/error_log.hpp"
#include "pokeca/http/map_read_model.hpp"
#include "pokeca/http/metrics_endpoint.hpp"
#include "pokeca/shared/messages.hpp"
#include "router/api_dispatch.hpp"
#include "router/security_headers.hpp"
#include "site/photo_files.hpp"
#include "site/site_pages.hpp"
#include "site/static_files.hpp"

namespace pokeca::http {
namespace {

bool is_api_path(std::string_view path) { return path == "/api" || path.starts_with("/api/"); }

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

struct Router::Impl {
  Impl(const ApiServices& services, RouterConfig c)
      : config(std::move(c)),
        api(services, config),
        csp(content_security_policy(config.site.tile_url, config.site.analytics_id.has_value())),
        static_files(config.static_dir),
        photo_files(config.photos),
        site_pages(&services.stores, config.catalog,
                   {config.static_dir, config.public_base_url,
                    // The pages carry GET /config's data, so the first view asks for nothing
                    // before it can lay itself out.
                    [&c = config.site] { return boost::json::serialize(site_config_json(c)); }}) {
    if (config.catalog && !config.export_dir.empty() && !config.open_data)
      config.open_data = std::make_shared<OpenDataExport>(
          *config.catalog, config.export_dir,
          config.read_model ? std::function([m = config.read_model] { return m->generation(); })
                            : std::function<std::uint64_t()>{},
          [] { return static_cast<UnixSeconds>(unix_now()); });
  }

  RouterConfig config;
  ApiDispatcher api;
  std::string csp;
  StaticFiles static_files;
  PhotoFiles photo_files;
  SitePages site_pages;
  ResponseCache* cache = config.read_model ? config.read_model->responses() : nullptr;

  // Every 5xx: one JSON line with the request id; a 500's body names the id too, so a
  // user's report can be matched to the line.
  void report_failure(Response& res, const Request& req, std::string_view request_id, const Failure& failure) const {
    if (res.result_int() < 500) return;
    write_error_log(format_error_log({request_id, req.method_string(), split_target(req.target()).path,
                                      res.result_int(), failure.error, failure.detail},
                                     unix_now()));
    if (res.result() == Status::internal_server_error)
      res.body() = error_body(msg::kInternal, "internal", std::nullopt, request_id);
  }

  // The route table says which reads may be cached (when there is a cache).
  bool is_cached_read(const RoutePlan& plan) const { return cache && ApiDispatcher::cacheable(plan); }

  // A ready answer whose body is a kept cache entry, finished like any answer; the reply
  // shares the entry's bytes (none for HEAD).
  Reply shared_reply(Response res, ResponseCache::Body body, const Request& req) const {
    finish(res, &req);
    res.content_length(body->size());
    Reply reply{std::move(res)};
    if (req.method() != bhttp::verb::head) reply.shared_body = std::move(body);
    return reply;
  }

  // The one look in the cache a request gets (ready(), on the I/O thread): a kept answer to
  // send from there, or nothing; a kept body still to be compressed for this client is
  // left in `kept` for serve().
  std::optional<Reply> cached(const Request& req, const RoutePlan& plan, KeptBody& kept) const {
    if (!is_cached_read(plan)) return std::nullopt;
    const auto generation = config.read_model->generation();
    const auto now = ResponseCache::Clock::now();
    const bool gzip_ok = accepts_encoding(req[bhttp::field::accept_encoding], "gzip");
    if (gzip_ok)
      if (auto gzip = cache->find_gzip(req.target(), generation, now)) {
        cache->count_lookup(true);
        auto res = json_response(Status::ok, {});
        res.set(bhttp::field::vary, "Accept-Encoding");
        res.set(bhttp::field::content_encoding, "gzip");
        return shared_reply(std::move(res), std::move(gzip), req);
      }
    auto body = cache->find(req.target(), generation, now);
    cache->count_lookup(body != nullptr);
    if (!body) return std::nullopt;
    // Not compressed yet: a worker thread compresses it once and keeps it (route()).
    if (gzip_ok && body->size() >= kMinCompressedJsonBytes) {
      kept = {std::move(body), generation};
      return std::nullopt;
    }
    auto res = json_response(Status::ok, {});
    if (body->size() >= kMinCompressedJsonBytes) res.set(bhttp::field::vary, "Accept-Encoding");
    return shared_reply(std::move(res), std::move(body), req);
  }

  // Public map reads (the cacheable ones) of kMinCompressedJsonBytes or more go gzip to a
  // client that accepts it, and the compressed bytes are kept with the cache entry.
  // Only those: an answer that carries a secret (tokens, personal data) is never
  // compressed, so no BREACH-style guessing through its length. `plain` is the answer's
  // body; true when res.body() now holds its gzip form.
  bool compress(Response& res, const Request& req, const std::string& plain, bool keep,
                std::uint64_t generation) const {
    if (res.result() != Status::ok || plain.size() < kMinCompressedJsonBytes) return false;
    res.set(bhttp::field::vary, "Accept-Encoding");
    if (!accepts_encoding(req[bhttp::field::accept_encoding], "gzip")) return false;
    auto gzip = gzip_compress(plain);
    if (gzip.empty()) return false;
    if (keep) cache->put_gzip(req.target(), generation, gzip);
    res.body() = std::move(gzip);
    res.set(bhttp::field::content_encoding, "gzip");
    return true;
  }

  Reply route(const Request& req, const RequestContext& context, Failure& failure) const {
    const auto target = split_target(req.target());
    if (!target.path.starts_with('/'))  // absolute-form or "*": not ours to serve
      return {json_response(Status::bad_request, error_envelope(msg::kMalformedRequest, "bad_request"))};
    if (is_api_path(target.path)) {
      if (from_another_site(req.method_string(), target.path, req["Sec-Fetch-Site"], req[bhttp::field::origin],
                            req[bhttp::field::host], config.public_base_url))
        return {json_response(Status::forbidden, error_envelope(msg::kCrossSiteRefused, "cross_site"))};
      // The cache was looked at once, by ready(): a kept body it left is compressed here,
      // anything else is built, and a public read's answer kept.
      if (const auto& kept = context.kept; kept.body) {
        Reply reply{json_response(Status::ok, {})};
        if (!compress(reply.response, req, *kept.body, true, kept.generation)) reply.shared_body = kept.body;
        return reply;
      }
      const bool cacheable = is_cached_read(context.plan);
      const auto generation = cacheable ? config.read_model->generation() : 0;
      const auto now = ResponseCache::Clock::now();
      const ClientInfo client{client_address(context.peer.address, req["X-Forwarded-For"], config.trust_forwarded_for)};
      auto reply = api.dispatch(req, context.plan, client, failure);
      auto& res = reply.response;
      const bool keep = cacheable && res.result() == Status::ok && res.body().size() <= kResponseCacheMaxBodyBytes;
      const bool compressible = cacheable && res[bhttp::field::content_type] == kJsonType;
      if (keep) {
        // One buffer for this reply and the cache entry: no copy of the body.
        auto body = std::make_shared<const std::string>(std::move(res.body()));
        res.body().clear();
        cache->put(req.target(), generation, now, body);
        if (!(compressible && compress(res, req, *body, true, generation))) reply.shared_body = std::move(body);
      } else if (compressible) {
        compress(res, req, res.body(), false, generation);  // plain is read before the body is replaced
      }
      return reply;
    }
    if (req.method() != bhttp::verb::get && req.method() != bhttp::verb::head) {
      auto res =
          json_response(Status::method_not_allowed, error_envelope(msg::kMethodNotAllowed, "method_not_allowed"));
      res.set(bhttp::field::allow, "GET, HEAD");
      return {std::move(res)};
    }
    // The operator's metrics page lives on its own listener (--metrics-bind); here it is
    // not found, rather than the frontend's page, so a scraper pointed at the public port
    // fails loudly and nobody mistakes the site for the page.
    if (target.path == kMetricsPath)
      return {json_response(Status::not_found, error_envelope(msg::kNotFound, "not_found"))};
    if (auto page = site_pages.serve(target.path, target.query, req[bhttp::field::host])) return {std::move(*page)};
    if (target.path.starts_with(kPhotoPathPrefix))
      return {photo_files.serve(target.path, req[bhttp::field::if_none_match])};
    return {static_files.serve(target.path, req[bhttp::field::if_none_match], req[bhttp::field::accept_encoding])};
  }

  // Headers and framing every response gets, whoever built it.
  void finish(Response& res, const Request* req) const {
    add_security_headers(res, csp, config.secure_cookies);
    if (req) {
      res.version(req->version());
      res.keep_alive(req->keep_alive());
    }
    if (res.result() == Status::not_modified) return;  // no body, no Content-Length
    res.prepare_payload();
    if (req && req->method() == bhttp::verb::head) {
      // HEAD: the same headers as GET, Content-Length included, but no body.
      const auto length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
  }
};

Router::Router(ApiServices services, RouterConfig config)
    : impl_(std::make_unique<Impl>(services, std::move(config))) {}

Router::~Router() = default;

RoutePlan Router::plan(const RequestHeader& header) const {
  const auto target = split_target(header.target());
  if (!is_api_path(target.path)) return {};
  return ApiDispatcher::plan(header.method(), target.path);
}

Admission Router::admit(const RequestHeader& header, const RoutePlan& plan, const Peer&) const {
  Admission admission;
  try {
    auto refusal = impl_->api.admit(header[bhttp::field::authorization], plan, admission.caller);
    // A storage failure: serve() runs the same check and answers and logs the 5xx.
    if (!refusal || refusal->result_int() >= 500) return admission;
    impl_->finish(*refusal, nullptr);
    admission.refusal = std::move(refusal);
  } catch (...) {
    admission = {};  // serve() will run the same check again and answer (and report) it
  }
  return admission;
}

std::optional<Reply> Router::ready(const Request& request, RequestContext& context) const {
  try {
    return impl_->cached(request, context.plan, context.kept);
  } catch (...) {
    context.kept = {};
    return std::nullopt;  // serve() will answer (and report) it
  }
}

Reply Router::serve(const Request& request, const RequestContext& context) const {
  Reply reply;
  Failure failure{"internal", {}};
  try {
    reply = impl_->route(request, context, failure);
  } catch (const std::exception& e) {
    // A bug or resource exhaustion: the envelope, never the exception's text (it is logged).
    failure = {"exception", e.what()};
    reply = {json_response(Status::internal_server_error, error_envelope(msg::kInternal, "internal"))};
  } catch (...) {
    failure = {"exception", "unknown exception"};
    reply = {json_response(Status::internal_server_error, error_envelope(msg::kInternal, "internal"))};
  }
  auto& res = reply.response;
  try {
    impl_->report_failure(res, request, context.request_id, failure);
  } catch (...) {  // NOLINT(bugprone-empty-catch): a failed log line must not turn an answer into a crash
  }
  res.set(kRequestIdHeader, context.request_id);
  impl_->finish(res, &request);
  if (reply.file) {
    res.content_length(reply.file->size());  // the head of a body the server sends from the file
    if (request.method() == bhttp::verb::head) reply.file.reset();
  }
  if (reply.shared_body) {
    res.content_length(reply.shared_body->size());
    if (request.method() == bhttp::verb::head) reply.shared_body.reset();
  }
  return reply;
}

Response Router::error_response(Status status, std::string_view code, std::string_view message) const {
  auto res = json_response(status, error_envelope(message, code));
  impl_->finish(res, nullptr);
  return res;
}

}  // namespace pokeca::http
