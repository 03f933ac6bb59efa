#pragma once
// The message types the HTTP adapter speaks: Beast's string-bodied request and response.
// Kept in one header so the router, the server and the tests agree on them.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace pokeca::http {

namespace bhttp = boost::beast::http;

using Request = bhttp::request<bhttp::string_body>;
using Response = bhttp::response<bhttp::string_body>;
using RequestHeader = bhttp::request_header<>;
using Status = bhttp::status;

}  // namespace pokeca::http
