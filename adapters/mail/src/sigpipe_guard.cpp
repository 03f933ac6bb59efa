#include "sigpipe_guard.hpp"

#include <pthread.h>

#include <ctime>

namespace pokeca::mail {
namespace {

bool sigpipe_pending() {
  sigset_t pending;
  sigemptyset(&pending);
  return sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
}

}  // namespace

SigpipeGuard::SigpipeGuard() {
  sigemptyset(&pipe_);
  sigaddset(&pipe_, SIGPIPE);
  was_pending_ = sigpipe_pending();
  blocked_ = pthread_sigmask(SIG_BLOCK, &pipe_, &previous_) == 0;
}

SigpipeGuard::~SigpipeGuard() {
  if (!blocked_) return;
  // Only a SIGPIPE this thread raised while guarded is ours to swallow.
  if (!was_pending_ && sigpipe_pending()) {
    const timespec no_wait{0, 0};
    sigtimedwait(&pipe_, nullptr, &no_wait);
  }
  pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

}  // namespace pokeca::mail
