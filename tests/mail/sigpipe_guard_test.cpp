// SigpipeGuard is internal to the adapter (adapters/mail/src); SmtpMailer::send relies
// on it so a TLS write to a dropped connection cannot kill the server.
#include "sigpipe_guard.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

namespace pokeca::mail {
namespace {

bool in_set(const sigset_t& set) { return sigismember(&set, SIGPIPE) == 1; }

TEST(SigpipeGuard, AWriteToAClosedPipeFailsWithEpipeInsteadOfKillingTheProcess) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[0]);
  {
    const SigpipeGuard guard;
    errno = 0;
    EXPECT_EQ(::write(fds[1], "x", 1), -1);  // without the guard: SIGPIPE, process gone
    EXPECT_EQ(errno, EPIPE);
  }
  ::close(fds[1]);
  sigset_t pending;
  sigemptyset(&pending);
  ASSERT_EQ(sigpending(&pending), 0);
  EXPECT_FALSE(in_set(pending));  // swallowed, not left for later
  sigset_t mask;
  ASSERT_EQ(pthread_sigmask(SIG_SETMASK, nullptr, &mask), 0);
  EXPECT_FALSE(in_set(mask));  // the thread's mask is as it was
}

TEST(SigpipeGuard, KeepsAnAlreadyBlockedMaskBlocked) {
  sigset_t pipe_only;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  sigset_t before;
  ASSERT_EQ(pthread_sigmask(SIG_BLOCK, &pipe_only, &before), 0);
  {
    const SigpipeGuard guard;
  }
  sigset_t mask;
  ASSERT_EQ(pthread_sigmask(SIG_SETMASK, &before, &mask), 0);
  EXPECT_TRUE(in_set(mask));
}

}  // namespace
}  // namespace pokeca::mail
