#include "pokeca/mail/smtp_mailer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "mail_test_support.hpp"
#include "pokeca/mail/mail_messages.hpp"
#include "smtp_test_server.hpp"

namespace pokeca::mail {
namespace {

using namespace std::chrono_literals;
using testing::base64_decode;
using testing::closed_loopback_port;
using testing::crlf_to_lf;
using testing::decode_encoded_words;
using testing::parse_message;
using testing::SilentListener;
using testing::SmtpBehaviour;
using testing::SmtpTestServer;

constexpr auto kTestTimeout = 5s;
// Generous on a shared machine: the point is "bounded", not "fast".
constexpr auto kSlack = 5s;

Mail verification_mail() {
  return {"taro@example.com", "【ポケカ販売店マップ】メールアドレスの確認",
          "ご登録ありがとうございます。\n"
          "https://pokeca.example/auth/action?mode=verifyEmail&token=abc123\n"
          ".で始まる行\n"};
}

SmtpConfig config_for(std::string url, std::chrono::milliseconds timeout = kTestTimeout) {
  return {std::move(url), "no-reply@pokeca.example", "ポケカ販売店マップ", timeout};
}

TEST(SmtpMailer, DeliversAMessageThatDecodesToTheSubjectAndBody) {
  SmtpTestServer server;
  SmtpMailer mailer(config_for(server.url()));
  const Mail mail = verification_mail();
  auto sent = mailer.send(mail);
  ASSERT_TRUE(sent) << sent.error().detail;

  const auto mails = server.mails();
  ASSERT_EQ(mails.size(), 1U);
  EXPECT_EQ(mails[0].mail_from, "<no-reply@pokeca.example>");
  EXPECT_EQ(mails[0].recipients, std::vector<std::string>{"<taro@example.com>"});
  EXPECT_TRUE(mails[0].auth.empty());
  const auto parsed = parse_message(mails[0].data);
  EXPECT_EQ(decode_encoded_words(parsed.header("Subject")), mail.subject);
  EXPECT_EQ(decode_encoded_words(parsed.header("From")), "ポケカ販売店マップ <no-reply@pokeca.example>");
  EXPECT_EQ(parsed.header("To"), "taro@example.com");
  EXPECT_EQ(parsed.header("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_EQ(crlf_to_lf(base64_decode(parsed.raw_body)), mail.text_body);
  // The conversation ended politely.
  EXPECT_EQ(server.commands().back(), "QUIT");
}

TEST(SmtpMailer, ARefusedRecipientIsUnavailableWithTheReplyInDetail) {
  SmtpTestServer server(SmtpBehaviour{.rcpt_reply = 550});
  SmtpMailer mailer(config_for(server.url()));
  auto sent = mailer.send(verification_mail());
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(sent.error().message, msg::kSendFailed);
  EXPECT_NE(sent.error().log_detail.find("550"), std::string::npos) << sent.error().log_detail;
  EXPECT_TRUE(server.mails().empty());
}

// A failed mail is reported to the operator's log (a password reset cannot tell the user),
// with the recipient masked and the server's reply.
TEST(SmtpMailer, AFailureIsLoggedOnceWithTheRecipientMasked) {
  SmtpTestServer server(SmtpBehaviour{.rcpt_reply = 550});
  std::vector<std::string> lines;
  auto config = config_for(server.url());
  config.log = [&lines](std::string_view line) { lines.emplace_back(line); };
  ASSERT_FALSE(SmtpMailer(config).send(verification_mail()));
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_NE(lines[0].find("t***@example.com"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[0].find("taro@example.com"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("550"), std::string::npos) << lines[0];
}

TEST(SmtpMailer, ASentMailIsNotLogged) {
  SmtpTestServer server;
  std::vector<std::string> lines;
  auto config = config_for(server.url());
  config.log = [&lines](std::string_view line) { lines.emplace_back(line); };
  ASSERT_TRUE(SmtpMailer(config).send(verification_mail()));
  EXPECT_TRUE(lines.empty());
}

TEST(SmtpMailer, ARefusedSenderOrMessageIsUnavailable) {
  {
    SmtpTestServer server(SmtpBehaviour{.mail_from_reply = 550});
    auto sent = SmtpMailer(config_for(server.url())).send(verification_mail());
    ASSERT_FALSE(sent);
    EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  }
  {
    SmtpTestServer server(SmtpBehaviour{.end_of_data_reply = 554});
    auto sent = SmtpMailer(config_for(server.url())).send(verification_mail());
    ASSERT_FALSE(sent);
    EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
    EXPECT_NE(sent.error().log_detail.find("554"), std::string::npos) << sent.error().log_detail;
  }
}

TEST(SmtpMailer, AClosedPortIsUnavailableWithinTheTimeout) {
  const int port = closed_loopback_port();
  SmtpMailer mailer(config_for("smtp://127.0.0.1:" + std::to_string(port), 2s));
  const auto start = std::chrono::steady_clock::now();
  auto sent = mailer.send(verification_mail());
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(sent.error().message, msg::kSendFailed);
  EXPECT_FALSE(sent.error().log_detail.empty());
  EXPECT_LT(elapsed, 2s + kSlack);
}

TEST(SmtpMailer, AServerThatNeverGreetsTimesOut) {
  SilentListener silent;
  SmtpMailer mailer(config_for("smtp://127.0.0.1:" + std::to_string(silent.port()), 1s));
  const auto start = std::chrono::steady_clock::now();
  auto sent = mailer.send(verification_mail());
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  EXPECT_NE(sent.error().log_detail.find("Timeout"), std::string::npos) << sent.error().log_detail;
  EXPECT_GE(elapsed, 900ms);
  EXPECT_LT(elapsed, 1s + kSlack);
}

TEST(SmtpMailer, CredentialsAreNeverSentWithoutTls) {
  // The test server offers no STARTTLS: with a password in the URL curl must give up
  // before AUTH, and the error must not carry the password.
  SmtpTestServer server(SmtpBehaviour{.advertise_auth = true});
  const std::string url = "smtp://mailer:hunter2-secret@127.0.0.1:" + std::to_string(server.port());
  SmtpMailer mailer(config_for(url));
  EXPECT_EQ(mailer.starttls(), StartTls::kRequired);
  auto sent = mailer.send(verification_mail());
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(sent.error().log_detail.find("hunter2"), std::string::npos) << sent.error().log_detail;
  EXPECT_NE(sent.error().log_detail.find("STARTTLS"), std::string::npos) << sent.error().log_detail;
  for (const auto& command : server.commands()) {
    EXPECT_FALSE(command.starts_with("AUTH")) << command;
    EXPECT_FALSE(command.starts_with("MAIL")) << command;
  }
}

TEST(SmtpMailer, PlainAuthWhenTheUrlSaysStartTlsOffWithDecodedCredentials) {
  SmtpTestServer server(SmtpBehaviour{.advertise_auth = true});
  const std::string url = "smtp://mail%40er:p%40ss%3Aword@127.0.0.1:" + std::to_string(server.port()) + "?starttls=off";
  SmtpMailer mailer(config_for(url));
  auto sent = mailer.send(verification_mail());
  ASSERT_TRUE(sent) << sent.error().detail;
  const auto mails = server.mails();
  ASSERT_EQ(mails.size(), 1U);
  EXPECT_EQ(base64_decode(mails[0].auth), std::string("\0mail@er\0p@ss:word", 18));
}

TEST(SmtpMailer, LoginOptionsInTheUrlPickTheMechanism) {
  // curl would prefer CRAM-MD5 on its own; ";AUTH=PLAIN" must win.
  SmtpTestServer server(SmtpBehaviour{.advertise_auth = true, .auth_mechanisms = "CRAM-MD5 PLAIN"});
  const std::string url = "smtp://mailer:pw;AUTH=PLAIN@127.0.0.1:" + std::to_string(server.port()) + "?starttls=off";
  SmtpMailer mailer(config_for(url));
  EXPECT_EQ(mailer.public_url().find("AUTH"), std::string::npos);
  auto sent = mailer.send(verification_mail());
  ASSERT_TRUE(sent) << sent.error().detail;
  const auto commands = server.commands();
  EXPECT_TRUE(std::ranges::any_of(commands, [](const std::string& c) { return c.starts_with("AUTH PLAIN"); }));
}

TEST(SmtpMailer, RefusesHeaderInjectionBeforeConnecting) {
  SmtpTestServer server;
  SmtpMailer mailer(config_for(server.url()));
  auto to = mailer.send({"taro@example.com>\r\nRCPT TO:<all@example.com", "件名", "本文"});
  ASSERT_FALSE(to);
  EXPECT_EQ(to.error().code, ErrorCode::kBadRequest);
  auto subject = mailer.send({"taro@example.com", "件名\r\nBcc: all@example.com", "本文"});
  ASSERT_FALSE(subject);
  EXPECT_EQ(subject.error().code, ErrorCode::kInternal);
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(server.commands().empty());
}

TEST(SmtpMailer, ConcurrentSendsEachDeliverTheirOwnMessage) {
  SmtpTestServer server;
  SmtpMailer mailer(config_for(server.url()));
  constexpr int kThreads = 4;
  constexpr int kPerThread = 3;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&mailer, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const std::string to = "user" + std::to_string(t) + "-" + std::to_string(i) + "@example.com";
        auto sent = mailer.send({to, "件名 " + to, "本文 " + to});
        EXPECT_TRUE(sent) << (sent ? "" : sent.error().detail);
      }
    });
  for (auto& t : threads) t.join();
  const auto mails = server.mails();
  ASSERT_EQ(mails.size(), static_cast<std::size_t>(kThreads * kPerThread));
  for (const auto& m : mails) {
    const auto parsed = parse_message(m.data);
    const std::string to = parsed.header("To");
    EXPECT_EQ(m.recipients.at(0), "<" + to + ">");
    EXPECT_EQ(decode_encoded_words(parsed.header("Subject")), "件名 " + to);
    EXPECT_EQ(base64_decode(parsed.raw_body), "本文 " + to);
  }
}

TEST(SmtpMailerConfig, DerivesTheStartTlsPolicyAndAUrlWithoutSecrets) {
  SmtpMailer implicit(config_for("smtps://u:secret@smtp.example.com:465"));
  EXPECT_EQ(implicit.starttls(), StartTls::kRequired);
  EXPECT_EQ(implicit.public_url(), "smtps://smtp.example.com:465/");

  SmtpMailer with_credentials(config_for("smtp://u:secret@smtp.example.com:587"));
  EXPECT_EQ(with_credentials.starttls(), StartTls::kRequired);
  EXPECT_EQ(with_credentials.public_url().find("secret"), std::string::npos);

  EXPECT_EQ(SmtpMailer(config_for("smtp://relay.internal:25")).starttls(), StartTls::kOff);
  EXPECT_EQ(SmtpMailer(config_for("smtp://relay.internal:25?starttls=try")).starttls(), StartTls::kTry);
  EXPECT_EQ(SmtpMailer(config_for("smtp://relay.internal?starttls=required")).starttls(), StartTls::kRequired);
  EXPECT_EQ(SmtpMailer(config_for("smtp://relay.internal?starttls=required")).public_url(), "smtp://relay.internal/");
}

TEST(SmtpMailerConfig, RefusesBadConfigurationWithoutEchoingThePassword) {
  const std::vector<SmtpConfig> bad = {
      config_for("http://u:hunter2@smtp.example.com"),
      config_for("smtp://u:hunter2@"),
      config_for("not a url hunter2"),
      config_for("smtp://u:hunter2@smtp.example.com?starttls=maybe"),
      config_for("smtp://u:hunter2@smtp.example.com?other=1"),
      config_for("smtp://u:hunter2@smtp.example.com", 0ms),
      {"smtp://u:hunter2@smtp.example.com", "no-reply@pokeca.example\r\nBcc: x@y.z", "名前", 5s},
      {"smtp://u:hunter2@smtp.example.com", "no-reply@pokeca.example", "名前\r\nBcc: x@y.z", 5s},
      {"smtp://u:hunter2@smtp.example.com", "not-an-address", "名前", 5s},
  };
  for (const auto& config : bad) {
    try {
      SmtpMailer mailer(config);
      ADD_FAILURE() << "accepted " << config.url << " / " << config.from_address;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace pokeca::mail
