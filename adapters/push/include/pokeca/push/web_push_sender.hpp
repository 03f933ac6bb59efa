#pragma once
// The RFC 8030 sender: encrypts the payload for the subscription (RFC 8291), signs a
// VAPID token for the push service's origin (RFC 8292) and POSTs it over HTTPS, the
// push service's certificate checked against the system's CA store. Implements core's
// PushSender port; one blocking send at a time per call (the push thread's pace).
#include <chrono>
#include <functional>
#include <string>

#include "pokeca/push/vapid.hpp"
#include "pokeca/shared/push_sender.hpp"

namespace pokeca::push {

inline constexpr std::chrono::seconds kPushSendTimeout{15};
// Push service URLs are short (FCM's are about 180 characters); anything longer is
// refused before a connection is made.
inline constexpr std::size_t kMaxPushEndpointBytes = 1024;

struct WebPushSenderOptions {
  VapidKeys keys;
  std::string subject;  // "mailto:…" or the site's https URL
  // Plain http:// endpoints on a loopback address, for the tests' push-service stand-in;
  // never set in production (the flag is test-only configuration).
  bool allow_insecure_loopback = false;
  std::chrono::seconds timeout = kPushSendTimeout;
  // Seconds since the epoch, for the VAPID token's expiry (the server's clock).
  std::function<std::int64_t()> now;
};

class WebPushSender final : public PushSender {
 public:
  explicit WebPushSender(WebPushSenderOptions options);
  PushResult send(const PushRequest& request) override;

 private:
  WebPushSenderOptions options_;
};

// The sender's view of an endpoint URL, exposed for tests. nullopt when it is not an
// absolute http(s) URL with a host.
struct PushEndpoint {
  bool tls = true;
  std::string host;
  std::string port;
  std::string target;  // path and query
};
[[nodiscard]] std::optional<PushEndpoint> parse_push_endpoint(std::string_view url);
[[nodiscard]] bool is_loopback_host(std::string_view host);

}  // namespace pokeca::push
