#pragma once
// Web Push devices: a signed-in user's browsers that agreed to receive notifications,
// one subscription per device (its push service URL and keys), with the user's two
// channel switches (push, mail). Managed from the profile: list, test, remove.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/push_queue.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

// A person has a phone, a tablet and a computer or two; more is a script.
inline constexpr int kMaxPushDevicesPerUser = 10;
// Push service URLs are short (FCM's about 180 characters, Mozilla's about 200).
inline constexpr std::size_t kMaxPushEndpointChars = 1024;
inline constexpr std::size_t kMaxPushLabelChars = 40;
// A test notification costs a push service request; a few an hour is plenty to check a device.
inline constexpr int kMaxPushTestsPerHour = 5;
inline constexpr UnixSeconds kPushTestWindowSeconds = 3600;
inline constexpr std::string_view kPushTestKind = "push_test";

using PushSubscriptionId = std::int64_t;

struct PushSubscription {
  PushSubscriptionId id = 0;
  UserId user_id = 0;
  PushTarget target;
  std::string label;
  UnixSeconds created_at = 0;
  std::optional<UnixSeconds> last_used_at;  // the last push the service accepted
};

// Which channels a user's alerts go out on. Both on by default: a user who never
// enabled push on a device simply has no device, so mail stays the fallback.
struct AlertChannels {
  bool push = true;
  bool mail = true;
};

class PushSubscriptionRepository {
 public:
  virtual ~PushSubscriptionRepository() = default;
  // Stores the device, or (same endpoint) moves it to this user with the new keys and
  // label. kConflict with kPushTooManyDevices when the user already has `max_devices`.
  virtual Result<PushSubscription> save_subscription(UserId user, const PushTarget& target, std::string_view label,
                                                     UnixSeconds now, int max_devices) = 0;
  // Newest first.
  virtual Result<std::vector<PushSubscription>> subscriptions_of(UserId user) = 0;
  // Only the owner's: false when there is no such device of this user.
  virtual Result<bool> delete_subscription(UserId user, PushSubscriptionId id) = 0;
  virtual Result<void> mark_subscription_used(PushSubscriptionId id, UnixSeconds at) = 0;
  // Pushes of `kind` queued for the user since `since` (the test-send limit).
  virtual Result<int> pushes_queued_since(UserId user, std::string_view kind, UnixSeconds since) = 0;
  virtual Result<AlertChannels> alert_channels(UserId user) = 0;
  virtual Result<void> set_alert_channels(UserId user, const AlertChannels& channels) = 0;
};

// A subscription as the browser sends it, before validation.
struct PushSubscriptionInput {
  std::string endpoint;
  std::string p256dh;
  std::string auth;
  std::string label;
};

struct PushServiceOptions {
  // The server's VAPID public key, base64url of the 65-byte point: the browser's
  // applicationServerKey (GET /push/public_key). Empty = push is not offered.
  std::string vapid_public_key;
  // http:// endpoints on a loopback address, for the tests' push-service stand-in only.
  bool allow_insecure_loopback = false;
};

// kBadRequest with a Japanese message for anything a browser would not send: a
// non-https endpoint or one over kMaxPushEndpointChars, keys that are not a 65-byte
// uncompressed point (0x04 first) and a 16-byte secret in base64url, a label too long.
[[nodiscard]] Result<PushSubscriptionInput> validate_push_subscription(PushSubscriptionInput input,
                                                                       const PushServiceOptions& options);

struct PushDeps {
  PushSubscriptionRepository& subscriptions;
  PushQueue& queue;
  const Clock& clock;
};

class PushService {
 public:
  PushService(PushDeps deps, PushServiceOptions options) : deps_(deps), options_(std::move(options)) {}

  [[nodiscard]] const std::string& public_key() const { return options_.vapid_public_key; }

  Result<PushSubscription> subscribe(UserId user, PushSubscriptionInput input);
  Result<std::vector<PushSubscription>> devices(UserId user);
  // kNotFound when the device is not the user's.
  Result<void> remove(UserId user, PushSubscriptionId id);
  // Queues a test notification to one of the user's devices; kRateLimited after
  // kMaxPushTestsPerHour in the last hour, kNotFound for another user's device.
  Result<void> send_test(UserId user, PushSubscriptionId id);
  Result<AlertChannels> channels(UserId user);
  Result<void> set_channels(UserId user, const AlertChannels& channels);

  // THE entry point for every alert that may go out as a push (favourite stores, area
  // watches): queues the notice for each of the user's devices unless the user switched
  // push off. Returns how many pushes were queued (0: no device or push off — the caller
  // keeps mail as the fallback). Title, body and url are cut to their limits.
  Result<int> queue_notice(PushNotice notice);

  // Called after something was queued (the server wakes its push thread).
  std::function<void()> on_queued;

 private:
  PushDeps deps_;
  PushServiceOptions options_;
};

}  // namespace pokeca
