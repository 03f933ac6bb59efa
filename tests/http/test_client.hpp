#pragma once
// A small Beast HTTP client for the loopback tests. Every operation has a deadline, so
// a server bug fails a test instead of hanging it.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <chrono>
#include <string>
#include <utility>

#include "pokeca/http/http_types.hpp"

namespace pokeca::testing {

inline constexpr std::chrono::seconds kClientDeadline{10};

class TestClient {
 public:
  using error_code = boost::system::error_code;

  explicit TestClient(std::uint16_t port) : stream_(ioc_) {
    stream_.expires_after(kClientDeadline);
    stream_.socket().connect({boost::asio::ip::make_address("127.0.0.1"), port});
  }
  // From another loopback address (127.0.0.0/8 is all the machine's): another client
  // address as the server sees it.
  TestClient(std::uint16_t port, std::string_view source) : stream_(ioc_) {
    stream_.expires_after(kClientDeadline);
    auto& socket = stream_.socket();
    socket.open(boost::asio::ip::tcp::v4());
    socket.bind({boost::asio::ip::make_address(std::string(source)), 0});
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), port});
  }

  error_code send(http::Request req) {
    req.set(http::bhttp::field::host, "127.0.0.1");
    req.prepare_payload();
    return run([&](auto handler) { http::bhttp::async_write(stream_, req, handler); });
  }

  error_code write_raw(const std::string& data) {
    return run([&](auto handler) { boost::asio::async_write(stream_, boost::asio::buffer(data), handler); });
  }

  std::pair<error_code, http::Response> receive(bool head = false) {
    http::bhttp::response_parser<http::bhttp::string_body> parser;
    parser.skip(head);
    parser.body_limit(16 * 1024 * 1024);
    const auto ec = run([&](auto handler) { http::bhttp::async_read(stream_, buffer_, parser, handler); });
    return {ec, ec ? http::Response{} : parser.release()};
  }

  http::Response get(std::string_view target, http::bhttp::verb method = http::bhttp::verb::get) {
    http::Request req{method, target, 11};
    if (auto ec = send(std::move(req))) throw boost::system::system_error(ec);
    auto [ec, res] = receive(method == http::bhttp::verb::head);
    if (ec) throw boost::system::system_error(ec);
    return res;
  }

  // Reads until the server closes the connection; the error says how (eof, reset).
  error_code wait_closed() {
    char sink[1024];
    for (;;) {
      const auto ec = run([&](auto handler) { stream_.async_read_some(boost::asio::buffer(sink), handler); });
      if (ec) return ec;
    }
  }

 private:
  template <typename Start>
  error_code run(Start start) {
    error_code result;
    stream_.expires_after(kClientDeadline);
    start([&result](error_code ec, std::size_t) { result = ec; });
    ioc_.restart();
    ioc_.run();
    return result;
  }

  boost::asio::io_context ioc_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
};

}  // namespace pokeca::testing
