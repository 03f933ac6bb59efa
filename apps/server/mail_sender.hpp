#pragma once
// The server's mail thread: sends what the durable mail queue holds (core's
// MailDelivery), sleeping kMailPollInterval when there is nothing due, and forgets
// sent mail after kSentMailRetentionSeconds. A mail claimed when the process died is
// claimed again after kMailClaimLeaseSeconds (at-least-once; see docs/decisions/mail-queue.md).
#include <chrono>
#include <condition_variable>
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
};

}  // namespace pokeca::server
