#pragma once
// Keeps SIGPIPE from killing the process while this thread talks to a mail server.
// curl runs with CURLOPT_NOSIGNAL (it must, with threads), so it does not ignore
// SIGPIPE itself, and TLS writes to a connection the server dropped would raise it.
// The guard blocks SIGPIPE in the calling thread only, then discards one raised
// meanwhile and restores the mask. Not copyable; lives on the stack of send().
#include <csignal>

namespace pokeca::mail {

class SigpipeGuard {
 public:
  SigpipeGuard();
  ~SigpipeGuard();
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;

 private:
  sigset_t pipe_{};
  sigset_t previous_{};
  bool blocked_ = false;
  bool was_pending_ = false;
};

}  // namespace pokeca::mail
