#pragma once
// What HttpServer needs from the application: answer a request, and build the
// response for a request the server refused before it was complete (413, 431, 400),
// so that every response carries the same envelope and headers.
#include <cstdint>
#include <optional>
#include <string_view>

#include "pokeca/http/http_types.hpp"

namespace pokeca::http {

class RequestHandler {
 public:
  virtual ~RequestHandler() = default;

  // Called on a worker thread, possibly several at once. Must not throw.
  [[nodiscard]] virtual Response handle(const Request& request) const = 0;

  // An error response with the JSON envelope; `code` is the machine code.
  [[nodiscard]] virtual Response error_response(Status status, std::string_view code,
                                                std::string_view message) const = 0;

  // The largest body this request may carry; nullopt = the server's default.
  // A hook for routes that take uploads (multipart) later.
  [[nodiscard]] virtual std::optional<std::uint64_t> body_limit(const RequestHeader&) const {
    return std::nullopt;
  }
};

}  // namespace pokeca::http
