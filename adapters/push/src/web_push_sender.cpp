// The only translation unit of the push adapter that instantiates Beast and Asio.
#include "pokeca/push/web_push_sender.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <optional>
#include <utility>

#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/shared/base64url.hpp"

namespace pokeca::push {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// The push service's answer may carry a short JSON reason; nothing larger is read.
constexpr std::uint64_t kMaxResponseBodyBytes = 16 * 1024;

std::string_view urgency_text(PushUrgency u) {
  switch (u) {
    case PushUrgency::kVeryLow: return "very-low";
    case PushUrgency::kLow: return "low";
    case PushUrgency::kNormal: return "normal";
    case PushUrgency::kHigh: return "high";
  }
  return "normal";
}

PushResult classify(unsigned status) {
  const std::string detail = "HTTP " + std::to_string(status);
  if (status == 201 || status == 200 || status == 202) return {PushStatus::kDelivered, detail};
  if (status == 404 || status == 410) return {PushStatus::kGone, detail};
  if (status == 429 || status >= 500) return {PushStatus::kRetryLater, detail};
  return {PushStatus::kRejected, detail};
}

template <typename Stream>
asio::awaitable<unsigned> exchange(Stream& stream, http::request<http::string_body>& request,
                                   std::chrono::seconds timeout) {
  beast::get_lowest_layer(stream).expires_after(timeout);
  co_await http::async_write(stream, request, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxResponseBodyBytes);
  beast::get_lowest_layer(stream).expires_after(timeout);
  co_await http::async_read(stream, buffer, parser, asio::use_awaitable);
  co_return parser.get().result_int();
}

asio::awaitable<PushResult> post(const PushEndpoint& endpoint, http::request<http::string_body> request,
                                 std::chrono::seconds timeout) {
  auto executor = co_await asio::this_coro::executor;
  tcp::resolver resolver(executor);
  const auto addresses = co_await resolver.async_resolve(endpoint.host, endpoint.port, asio::use_awaitable);
  if (!endpoint.tls) {
    beast::tcp_stream stream(executor);
    stream.expires_after(timeout);
    co_await stream.async_connect(addresses, asio::use_awaitable);
    const auto status = co_await exchange(stream, request, timeout);
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    co_return classify(status);
  }
  asio::ssl::context tls(asio::ssl::context::tls_client);
  tls.set_default_verify_paths();
  tls.set_verify_mode(asio::ssl::verify_peer);
  beast::ssl_stream<beast::tcp_stream> stream(executor, tls);
  stream.set_verify_callback(asio::ssl::host_name_verification(endpoint.host));
  if (SSL_set_tlsext_host_name(stream.native_handle(), endpoint.host.c_str()) != 1)
    co_return PushResult{PushStatus::kRetryLater, "TLS: cannot set the server name"};
  beast::get_lowest_layer(stream).expires_after(timeout);
  co_await beast::get_lowest_layer(stream).async_connect(addresses, asio::use_awaitable);
  beast::get_lowest_layer(stream).expires_after(timeout);
  co_await stream.async_handshake(asio::ssl::stream_base::client, asio::use_awaitable);
  const auto status = co_await exchange(stream, request, timeout);
  co_return classify(status);
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]";
}

std::optional<PushEndpoint> parse_push_endpoint(std::string_view url) {
  if (url.size() > kMaxPushEndpointBytes) return std::nullopt;
  PushEndpoint out;
  if (url.starts_with("https://")) {
    url.remove_prefix(8);
  } else if (url.starts_with("http://")) {
    out.tls = false;
    url.remove_prefix(7);
  } else {
    return std::nullopt;
  }
  for (const char c : url)
    if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f) return std::nullopt;
  const auto slash = url.find_first_of("/?");
  const auto authority = url.substr(0, slash);
  out.target = slash == std::string_view::npos ? "/" : std::string(url.substr(slash));
  if (out.target.front() == '?') out.target.insert(0, "/");
  if (authority.empty() || authority.find('@') != std::string_view::npos || url.find('#') != std::string_view::npos)
    return std::nullopt;
  std::string_view host = authority;
  std::string_view port = out.tls ? "443" : "80";
  if (authority.front() == '[') {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = authority.substr(1, close - 1);
    const auto rest = authority.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':' || rest.size() == 1) return std::nullopt;
      port = rest.substr(1);
    }
  } else if (const auto colon = authority.rfind(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    if (port.empty()) return std::nullopt;
  }
  for (const char c : port)
    if (c < '0' || c > '9') return std::nullopt;
  if (host.empty() || port.size() > 5) return std::nullopt;
  out.host = std::string(host);
  out.port = std::string(port);
  return out;
}

WebPushSender::WebPushSender(WebPushSenderOptions options) : options_(std::move(options)) {}

PushResult WebPushSender::send(const PushRequest& request) {
  const auto endpoint = parse_push_endpoint(request.target.endpoint);
  if (!endpoint) return {PushStatus::kRejected, "bad endpoint URL"};
  if (!endpoint->tls && !(options_.allow_insecure_loopback && is_loopback_host(endpoint->host)))
    return {PushStatus::kRejected, "plain http endpoint refused"};
  const auto audience = push_origin(request.target.endpoint);
  const auto p256dh = base64url_decode(request.target.p256dh);
  const auto auth = base64url_decode(request.target.auth);
  if (!audience || !p256dh || !auth) return {PushStatus::kRejected, "bad subscription keys"};
  auto body = encrypt_push_message(*p256dh, *auth, request.payload);
  if (!body) return {PushStatus::kRejected, "cannot encrypt for these subscription keys"};

  http::request<http::string_body> message{http::verb::post, endpoint->target, 11};
  const bool default_port = endpoint->port == (endpoint->tls ? "443" : "80");
  const std::string host_name =
      endpoint->host.find(':') != std::string::npos ? "[" + endpoint->host + "]" : endpoint->host;
  message.set(http::field::host, default_port ? host_name : host_name + ":" + endpoint->port);
  message.set(http::field::authorization, vapid_authorization(options_.keys, *audience, options_.subject,
                                                              options_.now() + kVapidTokenLifetimeSeconds));
  message.set("TTL", std::to_string(request.ttl_seconds));
  message.set("Urgency", urgency_text(request.urgency));
  message.set(http::field::content_encoding, "aes128gcm");
  message.set(http::field::content_type, "application/octet-stream");
  message.body() = std::move(*body);
  message.prepare_payload();

  asio::io_context io;
  std::optional<PushResult> result;
  asio::co_spawn(io, post(*endpoint, std::move(message), options_.timeout),
                 [&result](const std::exception_ptr& error, PushResult answer) {
                   if (!error) {
                     result = std::move(answer);
                     return;
                   }
                   try {
                     std::rethrow_exception(error);
                   } catch (const std::exception& e) {
                     result = PushResult{PushStatus::kRetryLater, std::string("network: ") + e.what()};
                   }
                 });
  io.run();
  return result ? *result : PushResult{PushStatus::kRetryLater, "no answer"};
}

}  // namespace pokeca::push
