#pragma once
// The client address rate limits key on: the socket's peer, or (behind a trusted
// reverse proxy) the last X-Forwarded-For entry. IPv6 addresses are cut to their /64,
// because one household or phone gets a whole /64 and can pick any address in it.
#include <string>
#include <string_view>

namespace pokeca::http {

[[nodiscard]] std::string client_address(std::string_view peer, std::string_view forwarded_for,
                                         bool trust_forwarded_for);

// "2001:db8:1:2:3:4:5:6" → "2001:db8:1:2::/64"; IPv4 unchanged; unparsable text as is.
[[nodiscard]] std::string rate_limit_address(std::string_view address);

}  // namespace pokeca::http
