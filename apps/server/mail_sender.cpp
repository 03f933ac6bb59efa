#include "mail_sender.hpp"

#include "log.hpp"

namespace pokeca::server {

MailSender::MailSender(MailQueue& queue, Mailer& mailer, const Clock& clock, std::chrono::milliseconds poll)
    : queue_(queue), delivery_(queue, mailer, clock), clock_(clock), poll_(poll) {}

MailSender::~MailSender() { stop(); }

void MailSender::start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { run(); });
}

void MailSender::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void MailSender::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  cv_.notify_all();
}

void MailSender::run() {
  auto next_purge = std::chrono::steady_clock::now();
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    if (std::chrono::steady_clock::now() >= next_purge) {
      if (auto purged = queue_.purge_sent(clock_.now() - kSentMailRetentionSeconds); purged && *purged > 0)
        log_event("mail_purged", {{"rows", std::to_string(*purged)}});
      next_purge = std::chrono::steady_clock::now() + kMailPurgeInterval;
    }
    // Everything that is due, one at a time (the SMTP mailer sends one mail a call).
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
      }
      auto step = delivery_.deliver_one();
      if (!step) {
        log_event("mail_queue_error", {{"detail", step.error().cause()}});
        break;
      }
      if (step->outcome == DeliveryOutcome::kIdle) break;
      const auto id = std::to_string(step->id);
      switch (step->outcome) {
        case DeliveryOutcome::kSent:
          sent_.fetch_add(1, std::memory_order_relaxed);
          log_event("mail_sent", {{"id", id}, {"kind", step->kind}});
          break;
        case DeliveryOutcome::kRetryLater:
          retried_.fetch_add(1, std::memory_order_relaxed);
          log_event("mail_retry", {{"id", id}, {"kind", step->kind}, {"error", step->error}});
          break;
        case DeliveryOutcome::kGaveUp:
          failed_.fetch_add(1, std::memory_order_relaxed);
          log_event("mail_failed", {{"id", id}, {"kind", step->kind}, {"error", step->error}});
          break;
        case DeliveryOutcome::kIdle: break;
      }
    }
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, poll_, [this] { return stopping_ || woken_; });
    woken_ = false;
  }
}

}  // namespace pokeca::server
