#include "push_service_stand_in.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <atomic>
#include <thread>

#include "pokeca/push/vapid.hpp"
#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/shared/base64url.hpp"

namespace pokeca::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct PushServiceStandIn::Impl {
  std::string ua_private;
  std::string auth;
  std::string vapid_public;
  asio::io_context io;
  tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)};
  std::atomic<unsigned> status{201};
  mutable std::mutex mutex;
  std::vector<ReceivedPush> received;
  std::atomic<bool> stopping{false};
  std::thread thread;

  void serve() {
    while (!stopping) {
      beast::error_code ec;
      tcp::socket socket(io);
      acceptor.accept(socket, ec);
      if (ec || stopping) return;
      beast::flat_buffer buffer;
      http::request<http::string_body> request;
      http::read(socket, buffer, request, ec);
      if (ec) continue;
      record(request);
      http::response<http::string_body> response{static_cast<http::status>(status.load()), 11};
      response.set(http::field::connection, "close");
      response.prepare_payload();
      http::write(socket, response, ec);
      socket.shutdown(tcp::socket::shutdown_both, ec);
    }
  }

  void record(const http::request<http::string_body>& request) {
    ReceivedPush push;
    push.target = std::string(request.target());
    push.ttl = std::string(request["TTL"]);
    push.urgency = std::string(request["Urgency"]);
    push.content_encoding = std::string(request[http::field::content_encoding]);
    if (auto text = push::decrypt_push_message(ua_private, auth, request.body())) {
      push.plaintext = std::move(*text);
      push.decrypted = true;
    }
    // "vapid t=<jwt>, k=<key>"
    const std::string authorization(request[http::field::authorization]);
    const auto t = authorization.find("t=");
    const auto comma = authorization.find(',', t);
    const auto k = authorization.find("k=");
    if (authorization.starts_with("vapid ") && t != std::string::npos && comma != std::string::npos &&
        k != std::string::npos) {
      push.vapid_key = authorization.substr(k + 2);
      const auto jwt = authorization.substr(t + 2, comma - t - 2);
      if (auto claims = push::verify_vapid_jwt(jwt, vapid_public)) push.vapid_claims = *claims;
    }
    const std::scoped_lock lock(mutex);
    received.push_back(std::move(push));
  }
};

PushServiceStandIn::PushServiceStandIn(std::string ua_private, std::string auth, std::string vapid_public)
    : impl_(std::make_unique<Impl>()) {
  impl_->ua_private = std::move(ua_private);
  impl_->auth = std::move(auth);
  impl_->vapid_public = std::move(vapid_public);
  impl_->thread = std::thread([this] { impl_->serve(); });
}

PushServiceStandIn::~PushServiceStandIn() {
  impl_->stopping = true;
  // Wake the blocking accept with one last connection.
  beast::error_code ec;
  tcp::socket poke(impl_->io);
  poke.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port()), ec);
  impl_->thread.join();
}

std::uint16_t PushServiceStandIn::port() const { return impl_->acceptor.local_endpoint().port(); }

std::string PushServiceStandIn::endpoint(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port()) + path;
}

void PushServiceStandIn::answer_with(unsigned status) { impl_->status = status; }

std::vector<ReceivedPush> PushServiceStandIn::received() const {
  const std::scoped_lock lock(impl_->mutex);
  return impl_->received;
}

}  // namespace pokeca::testing
