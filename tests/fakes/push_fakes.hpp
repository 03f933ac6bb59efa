#pragma once
// Web Push storage in memory (PushSubscriptionRepository and PushQueue), with the storage
// contract's rules: devices per user, one row per (idempotency key, device), claims.
#include <map>
#include <string>
#include <vector>

#include "pokeca/personal/push_subscriptions.hpp"

namespace pokeca::testing {

// Subscriptions and queue in memory, the same rules as the storage contract.
struct FakePushStore final : PushSubscriptionRepository, PushQueue {
  std::vector<PushSubscription> subs;
  struct Row {
    QueuedPush push;
    std::string status = "pending";
    UnixSeconds next = 0;
    UnixSeconds created = 0;
    std::string error;
  };
  std::vector<Row> rows;
  std::map<UserId, AlertChannels> channels;
  PushSubscriptionId next_id = 1;

  Result<PushSubscription> save_subscription(UserId user, const PushTarget& t, std::string_view label, UnixSeconds now,
                                             int max) override {
    int others = 0;
    for (const auto& s : subs)
      if (s.user_id == user && s.target.endpoint != t.endpoint) ++others;
    if (others >= max) return fail(ErrorCode::kConflict, "too many");
    for (auto& s : subs)
      if (s.target.endpoint == t.endpoint) {
        s = {s.id, user, t, std::string(label), now, std::nullopt};
        return s;
      }
    subs.push_back({next_id++, user, t, std::string(label), now, std::nullopt});
    return subs.back();
  }
  Result<std::vector<PushSubscription>> subscriptions_of(UserId user) override {
    std::vector<PushSubscription> out;
    for (const auto& s : subs)
      if (s.user_id == user) out.push_back(s);
    return out;
  }
  Result<bool> delete_subscription(UserId user, PushSubscriptionId id) override {
    return std::erase_if(subs, [&](const auto& s) { return s.id == id && s.user_id == user; }) > 0;
  }
  Result<void> mark_subscription_used(PushSubscriptionId, UnixSeconds) override { return {}; }
  Result<int> pushes_queued_since(UserId user, std::string_view kind, UnixSeconds since) override {
    int n = 0;
    for (const auto& r : rows)
      if (r.push.notice.user_id == user && r.push.notice.kind == kind && r.created > since) ++n;
    return n;
  }
  Result<AlertChannels> alert_channels(UserId user) override { return channels[user]; }
  Result<void> set_alert_channels(UserId user, const AlertChannels& c) override {
    channels[user] = c;
    return {};
  }
  bool queue_one(const PushNotice& n, const PushSubscription& s, UnixSeconds now) {
    for (const auto& r : rows)
      if (r.push.notice.idempotency_key == n.idempotency_key && r.push.subscription_id == s.id) return false;
    rows.push_back({{static_cast<PushId>(rows.size() + 1), s.id, s.target, n, 0},
                    "pending",
                    std::max(now, n.not_before),
                    now,
                    ""});
    return true;
  }
  Result<int> enqueue_for_user(const PushNotice& n, UnixSeconds now) override {
    int queued = 0;
    for (const auto& s : subs)
      if (s.user_id == n.user_id && queue_one(n, s, now)) ++queued;
    return queued;
  }
  Result<bool> enqueue_for_device(const PushNotice& n, std::int64_t id, UnixSeconds now) override {
    for (const auto& s : subs)
      if (s.id == id && s.user_id == n.user_id) return queue_one(n, s, now);
    return false;
  }
  Result<std::optional<QueuedPush>> claim_next_push(UnixSeconds now, UnixSeconds) override {
    for (auto& r : rows)
      if (r.status == "pending" && r.next <= now) {
        r.status = "sending";
        ++r.push.attempts;
        return r.push;
      }
    return std::nullopt;
  }
  Row& row(PushId id) { return rows.at(static_cast<std::size_t>(id - 1)); }
  Result<void> mark_push_sent(PushId id, UnixSeconds) override {
    row(id).status = "sent";
    return {};
  }
  Result<void> mark_push_retry(PushId id, UnixSeconds next, std::string_view error) override {
    row(id).status = "pending";
    row(id).next = next;
    row(id).error = error;
    return {};
  }
  Result<void> mark_push_failed(PushId id, UnixSeconds, std::string_view error) override {
    row(id).status = "failed";
    row(id).error = error;
    return {};
  }
  Result<void> drop_subscription(std::int64_t id) override {
    std::erase_if(subs, [&](const auto& s) { return s.id == id; });
    for (auto& r : rows)
      if (r.push.subscription_id == id) r.status = "dropped";
    return {};
  }
  Result<std::int64_t> purge_finished_pushes(UnixSeconds) override { return 0; }
};

}  // namespace pokeca::testing
