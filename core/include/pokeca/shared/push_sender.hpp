#pragma once
// Handing one Web Push message to a push service (RFC 8030). Core decides what to send
// and what to do with the answer; the push adapter encrypts (RFC 8291), signs (RFC 8292
// VAPID) and speaks HTTP.
#include <string>

namespace pokeca {

// A browser's subscription as PushSubscription.toJSON() gives it: the push service's URL
// and the keys as base64url text.
struct PushTarget {
  std::string endpoint;
  std::string p256dh;  // the user agent's P-256 public key, 65 bytes uncompressed
  std::string auth;    // the 16-byte auth secret
};

// RFC 8030 §5.3.
enum class PushUrgency { kVeryLow, kLow, kNormal, kHigh };

struct PushRequest {
  PushTarget target;
  std::string payload;  // the plaintext (JSON) the service worker reads
  int ttl_seconds = 0;  // how long the push service may keep it for an offline device
  PushUrgency urgency = PushUrgency::kNormal;
};

enum class PushStatus {
  kDelivered,   // 201: the push service took it
  kGone,        // 404/410: the subscription expired or was withdrawn: forget it
  kRetryLater,  // network failure, 429, 5xx
  kRejected,    // any other answer (bad request, bad VAPID, too large): retrying will not help
};

struct PushResult {
  PushStatus status = PushStatus::kRetryLater;
  std::string detail;  // for the log: the HTTP status or the network error, never keys
};

class PushSender {
 public:
  virtual ~PushSender() = default;
  virtual PushResult send(const PushRequest& request) = 0;
};

}  // namespace pokeca
