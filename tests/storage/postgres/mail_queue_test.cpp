// PostgreSQL's own part of the mail queue (the contract is in contract/mail_queue_test.cpp):
// a claim passes over a row another sender holds locked (FOR UPDATE SKIP LOCKED) instead of
// waiting for it, and takes it once that lock is gone. Needs a server (pg_virtualenv).
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <optional>
#include <string>

#include "postgres_backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::testing {
namespace {

using namespace std::chrono_literals;

MailMessage message(std::string key) {
  MailMessage m;
  m.idempotency_key = std::move(key);
  m.kind = "test";
  m.mail = Mail{"to@example.com", "件名", "本文", ""};
  return m;
}

TEST(PostgresMailQueue, AClaimPassesOverARowAnotherSenderHoldsAndTakesItOnceFree) {
  pokeca::testing::TempDir dir;
  PostgresBackend backend(dir.path());
  MailQueue& queue = backend.mail_queue();
  ASSERT_TRUE(queue.enqueue(message("k1"), kNow));
  ASSERT_TRUE(queue.enqueue(message("k2"), kNow + 1));

  // Another sender is in the middle of claiming k1: its row is locked.
  postgres::Connection other(postgres_conninfo_for(dir.path()));
  ASSERT_TRUE(other.exec("BEGIN; SELECT id FROM mail_queue WHERE idempotency_key = 'k1' FOR UPDATE"));

  // Not waited for: k2 comes back at once (a claim that waited would time out here).
  auto claim =
      std::async(std::launch::async, [&] { return queue.claim_next(kNow + 2, kNow + 2 + kMailClaimLeaseSeconds); });
  const bool answered = claim.wait_for(10s) == std::future_status::ready;
  if (!answered) (void)other.exec("ROLLBACK");  // let the waiting claim finish before failing
  ASSERT_TRUE(answered) << "the claim waited for the locked row";
  const auto first = claim.get().value();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->message.idempotency_key, "k2");

  // The other sender gave up without claiming: k1 is due and is taken now.
  ASSERT_TRUE(other.exec("ROLLBACK"));
  const auto second = queue.claim_next(kNow + 3, kNow + 3 + kMailClaimLeaseSeconds).value();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->message.idempotency_key, "k1");
  EXPECT_EQ(second->attempts, 1);
  EXPECT_FALSE(queue.claim_next(kNow + 4, kNow + 4 + kMailClaimLeaseSeconds).value());
}

}  // namespace
}  // namespace pokeca::storage::testing
