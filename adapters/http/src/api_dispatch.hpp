#pragma once
// Matches an API path against the route table and runs its handler.
#include <string>
#include <string_view>

#include "pokeca/http/http_types.hpp"
#include "pokeca/http/router.hpp"
#include "pokeca/store_service.hpp"

namespace pokeca::http {

struct ApiReply {
  Status status = Status::ok;
  std::string body;   // JSON text: the success body or the error envelope
  std::string allow;  // for 405: the methods the path does take
};

// `path` is the raw (still percent-encoded) path starting with "/api".
[[nodiscard]] ApiReply dispatch_api(bhttp::verb method, std::string_view path,
                                    std::string_view query, StoreService& service,
                                    const RouterConfig& config);

}  // namespace pokeca::http
