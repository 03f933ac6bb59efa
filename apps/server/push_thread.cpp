#include "push_thread.hpp"

#include "log.hpp"

namespace pokeca::server {
namespace {

std::string_view outcome_event(PushOutcome outcome) {
  switch (outcome) {
    case PushOutcome::kSent: return "push_sent";
    case PushOutcome::kRetryLater: return "push_retry";
    case PushOutcome::kGaveUp: return "push_failed";
    case PushOutcome::kSubscriptionGone: return "push_subscription_gone";
    case PushOutcome::kIdle: break;
  }
  return "push_idle";
}

}  // namespace

PushThread::PushThread(PushQueue& queue, PushSender& sender, const Clock& clock, std::chrono::milliseconds poll)
    : queue_(queue), delivery_(queue, sender, clock), clock_(clock), poll_(poll) {}

PushThread::~PushThread() { stop(); }

void PushThread::start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { run(); });
}

void PushThread::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PushThread::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  cv_.notify_all();
}

void PushThread::run() {
  auto next_purge = std::chrono::steady_clock::now();
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    if (std::chrono::steady_clock::now() >= next_purge) {
      if (auto purged = queue_.purge_finished_pushes(clock_.now() - kSentPushRetentionSeconds); purged && *purged > 0)
        log_event("push_purged", {{"rows", std::to_string(*purged)}});
      next_purge = std::chrono::steady_clock::now() + kPushPurgeInterval;
    }
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
      }
      auto step = delivery_.deliver_one();
      if (!step) {
        log_event("push_queue_error", {{"detail", step.error().cause()}});
        break;
      }
      if (step->outcome == PushOutcome::kIdle) break;
      // The detail is the push service's status or the network error; never a key or URL.
      log_event(outcome_event(step->outcome),
                {{"id", std::to_string(step->id)}, {"kind", step->kind}, {"detail", step->detail}});
    }
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, poll_, [this] { return stopping_ || woken_; });
    woken_ = false;
  }
}

}  // namespace pokeca::server
