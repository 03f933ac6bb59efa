#pragma once
// The server's mail thread: sends what the durable mail queue holds (core's
// MailDelivery), sleeping kMailPollInterval when there is nothing due, and forgets
// sent mail after kSentMailRetentionSeconds. A mail claimed when the process died is
// claimed again after kMailClaimLeaseSeconds (at-least-once; see docs/decisions/mail-queue.md).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "pokeca/shared/mail_queue.hpp"

namespace pokeca::server {

inline constexpr std::chrono::milliseconds kMailPollInterval{1000};
inline constexpr std::chrono::minutes kMailPurgeInterval{60};

class MailSender {
 public:
  MailSender(MailQueue& queue, Mailer& mailer, const Clock& clock, std::chrono::milliseconds poll = kMailPollInterval);
  ~MailSender();  // stop()
  MailSender(const MailSender&) = delete;
  MailSender& operator=(const MailSender&) = delete;

  void start();
  // Lets the mail in hand finish, then joins. Unsent mail stays queued for next time.
  void stop();
  // Look at the queue now instead of at the next poll.
  void wake();

  // Delivery attempts since start, for the operator's metrics.
  struct Counts {
    std::uint64_t sent = 0;
    std::uint64_t retried = 0;  // failed, to be tried again
    std::uint64_t failed = 0;   // given up
  };
  [[nodiscard]] Counts counts() const {
    return {sent_.load(std::memory_order_relaxed), retried_.load(std::memory_order_relaxed),
            failed_.load(std::memory_order_relaxed)};
  }

 private:
  void run();

  MailQueue& queue_;
  MailDelivery delivery_;
  const Clock& clock_;
  std::chrono::milliseconds poll_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool woken_ = false;
  std::thread thread_;
  std::atomic<std::uint64_t> sent_{0};
  std::atomic<std::uint64_t> retried_{0};
  std::atomic<std::uint64_t> failed_{0};
};

}  // namespace pokeca::server
