#pragma once
// The server's push thread, the mail thread's sibling: sends what the durable push queue
// holds (core's PushDelivery), sleeping kPushPollInterval when nothing is due, and
// forgets finished pushes after kSentPushRetentionSeconds. A push service's 404/410
// deletes the subscription (docs/decisions/web-push.md).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "pokeca/shared/push_queue.hpp"

namespace pokeca::server {

inline constexpr std::chrono::milliseconds kPushPollInterval{1000};
inline constexpr std::chrono::minutes kPushPurgeInterval{60};

class PushThread {
 public:
  PushThread(PushQueue& queue, PushSender& sender, const Clock& clock,
             std::chrono::milliseconds poll = kPushPollInterval);
  ~PushThread();  // stop()
  PushThread(const PushThread&) = delete;
  PushThread& operator=(const PushThread&) = delete;

  void start();
  // Lets the push in hand finish, then joins. Unsent pushes stay queued for next time.
  void stop();
  // Look at the queue now instead of at the next poll.
  void wake();

 private:
  void run();

  PushQueue& queue_;
  PushDelivery delivery_;
  const Clock& clock_;
  std::chrono::milliseconds poll_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool woken_ = false;
  std::thread thread_;
};

}  // namespace pokeca::server
