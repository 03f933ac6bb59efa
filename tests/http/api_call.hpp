#pragma once
// One JSON API call over a fresh loopback connection, for the end-to-end tests: the
// status, the parsed body and the headers those tests look at.
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "test_client.hpp"

namespace pokeca::testing {

struct ApiReply {
  http::Status status;
  boost::json::value body;  // null when the body is empty
  std::string set_cookie;
  std::string retry_after;
  std::vector<std::string> set_cookies;  // every Set-Cookie, in order
};

inline ApiReply call_api(std::uint16_t port, http::bhttp::verb method, std::string_view target, std::string body = {},
                         std::string_view bearer = {}, std::string_view cookie = {}) {
  using http::bhttp::field;
  TestClient client(port);
  http::Request req{method, target, 11};
  if (!body.empty()) req.set(field::content_type, "application/json");
  if (!bearer.empty()) req.set(field::authorization, "Bearer " + std::string(bearer));
  if (!cookie.empty()) req.set(field::cookie, cookie);
  req.body() = std::move(body);
  if (auto ec = client.send(std::move(req))) throw boost::system::system_error(ec);
  auto [ec, res] = client.receive();
  if (ec) throw boost::system::system_error(ec);
  std::vector<std::string> cookies;
  for (auto it = res.find(field::set_cookie); it != res.end() && it->name() == field::set_cookie; ++it)
    cookies.emplace_back(it->value());
  return {res.result(), res.body().empty() ? boost::json::value() : boost::json::parse(res.body()),
          std::string(res[field::set_cookie]), std::string(res[field::retry_after]), std::move(cookies)};
}

}  // namespace pokeca::testing
