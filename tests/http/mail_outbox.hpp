#pragma once
// What the server's mail thread does, run by a test until the queue is empty, and the
// mails the outbox mailer wrote: the flow tests read the mails a user would get.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pokeca/shared/mail_queue.hpp"

namespace pokeca::testing {

// Delivers every due mail; how many were sent.
inline int deliver_all_mail(MailQueue& queue, Mailer& mailer, const Clock& clock) {
  MailDelivery delivery(queue, mailer, clock);
  int sent = 0;
  for (;;) {
    const auto step = delivery.deliver_one();
    EXPECT_TRUE(step);
    if (!step || step->outcome == DeliveryOutcome::kIdle) return sent;
    if (step->outcome == DeliveryOutcome::kSent) ++sent;
  }
}

// The .eml files in `outbox`, whole (none when the folder does not exist).
inline std::vector<std::string> outbox_mails(const std::filesystem::path& outbox) {
  std::vector<std::string> out;
  if (!std::filesystem::exists(outbox)) return out;
  for (const auto& e : std::filesystem::directory_iterator(outbox)) {
    if (e.path().extension() != ".eml") continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

}  // namespace pokeca::testing
