#pragma once
// Web Push over SQLite: the devices (push_subscriptions), the durable push queue
// (push_queue) and the users' alert channels (alert_channels). Claiming is one
// UPDATE … RETURNING, so two senders never take the same row.
#include "pokeca/personal/push_subscriptions.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/per_connection.hpp"

namespace pokeca::storage {

class SqlitePushRepository final : public PushSubscriptionRepository, public PushQueue {
 public:
  explicit SqlitePushRepository(Database& db);  // throws StorageError
  ~SqlitePushRepository() override;

  Result<PushSubscription> save_subscription(UserId user, const PushTarget& target, std::string_view label,
                                             UnixSeconds now, int max_devices) override;
  Result<std::vector<PushSubscription>> subscriptions_of(UserId user) override;
  Result<bool> delete_subscription(UserId user, PushSubscriptionId id) override;
  Result<void> mark_subscription_used(PushSubscriptionId id, UnixSeconds at) override;
  Result<int> pushes_queued_since(UserId user, std::string_view kind, UnixSeconds since) override;
  Result<AlertChannels> alert_channels(UserId user) override;
  Result<void> set_alert_channels(UserId user, const AlertChannels& channels) override;

  Result<int> enqueue_for_user(const PushNotice& notice, UnixSeconds now) override;
  Result<bool> enqueue_for_device(const PushNotice& notice, std::int64_t subscription_id, UnixSeconds now) override;
  Result<std::optional<QueuedPush>> claim_next_push(UnixSeconds now, UnixSeconds claim_until) override;
  Result<void> mark_push_sent(PushId id, UnixSeconds at) override;
  Result<void> mark_push_retry(PushId id, UnixSeconds next_attempt_at, std::string_view error) override;
  Result<void> mark_push_failed(PushId id, UnixSeconds at, std::string_view error) override;
  Result<void> drop_subscription(std::int64_t subscription_id) override;
  Result<std::int64_t> purge_finished_pushes(UnixSeconds before) override;

  struct Statements;

 private:
  PerConnection<Statements> statements_;
};

}  // namespace pokeca::storage
