#pragma once
// A push service stand-in for tests: a real HTTP server on a loopback port that plays
// the browser's push service. It checks the VAPID header against the server's public
// key, decrypts every body with the subscription's private key (what the browser would
// do) and records the plaintext, then answers with the status the test chose (201, or
// 410 for an expired subscription).
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pokeca::testing {

struct ReceivedPush {
  std::string target;     // path of the request
  std::string plaintext;  // decrypted payload; empty when decryption failed
  bool decrypted = false;
  std::string vapid_claims;  // the verified JWT claims; empty when the token failed
  std::string vapid_key;     // the k= parameter (base64url)
  std::string ttl;
  std::string urgency;
  std::string content_encoding;
};

class PushServiceStandIn {
 public:
  // `ua_private` and `auth` are the subscription's raw keys (32 and 16 bytes);
  // `vapid_public` the application server's raw public key (65 bytes).
  PushServiceStandIn(std::string ua_private, std::string auth, std::string vapid_public);
  ~PushServiceStandIn();
  PushServiceStandIn(const PushServiceStandIn&) = delete;
  PushServiceStandIn& operator=(const PushServiceStandIn&) = delete;

  [[nodiscard]] std::uint16_t port() const;
  // "http://127.0.0.1:<port><path>"
  [[nodiscard]] std::string endpoint(const std::string& path) const;
  // The status answered to every later request.
  void answer_with(unsigned status);
  [[nodiscard]] std::vector<ReceivedPush> received() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pokeca::testing
