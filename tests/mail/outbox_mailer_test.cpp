#include "pokeca/mail/outbox_mailer.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "mail_test_support.hpp"
#include "pokeca/mail/mail_messages.hpp"

namespace pokeca::mail {
namespace {

namespace fs = std::filesystem;
using testing::base64_decode;
using testing::crlf_to_lf;
using testing::decode_encoded_words;
using testing::parse_message;
using testing::TempDir;

constexpr std::string_view kLink = "https://pokeca.example/auth/action?mode=verifyEmail&token=abc123";

Mail verification_mail() {
  return {"taro@example.com", "【ポケカ販売店マップ】メールアドレスの確認",
          "ご登録ありがとうございます。\n"
          "次のリンクを開いてください: " +
              std::string(kLink) + "このリンクは24時間有効です。\n"};
}

// Collects log lines (the mailer may call it from several threads).
struct LogSink {
  std::mutex mutex;
  std::vector<std::string> lines;
  OutboxMailer::LogFn fn() {
    return [this](std::string_view line) {
      const std::lock_guard lock(mutex);
      lines.emplace_back(line);
    };
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> entries(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path());
  return out;
}

unsigned mode_of(const fs::path& path) {
  struct stat st{};
  EXPECT_EQ(::stat(path.c_str(), &st), 0);
  return st.st_mode & 07777U;
}

TEST(OutboxMailer, WritesOneEmlFileThatDecodesToTheMail) {
  TempDir tmp;
  LogSink log;
  OutboxMailer mailer(tmp.path() / "outbox", log.fn());
  const Mail mail = verification_mail();
  ASSERT_TRUE(mailer.send(mail));

  const auto files = entries(tmp.path() / "outbox");
  ASSERT_EQ(files.size(), 1U);
  EXPECT_EQ(files[0].extension(), ".eml");
  const auto parsed = parse_message(read_file(files[0]));
  EXPECT_EQ(parsed.header("To"), "taro@example.com");
  EXPECT_EQ(decode_encoded_words(parsed.header("Subject")), mail.subject);
  EXPECT_EQ(decode_encoded_words(parsed.header("From")), "ポケカ販売店マップ <no-reply@localhost>");
  EXPECT_EQ(crlf_to_lf(base64_decode(parsed.raw_body)), mail.text_body);
  EXPECT_FALSE(parsed.header("Date").empty());
  EXPECT_TRUE(parsed.header("Message-ID").ends_with("@localhost>"));
}

TEST(OutboxMailer, UsesTheSenderItIsGiven) {
  TempDir tmp;
  OutboxMailer mailer(tmp.path(), nullptr, {"no-reply@pokeca.example", "ポケカ"});
  auto file = mailer.write(verification_mail());
  ASSERT_TRUE(file);
  EXPECT_EQ(decode_encoded_words(parse_message(read_file(*file)).header("From")), "ポケカ <no-reply@pokeca.example>");
}

TEST(OutboxMailer, CreatesTheDirectory0700AndFiles0600) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "data" / "outbox";
  OutboxMailer mailer(dir, nullptr);
  EXPECT_FALSE(fs::exists(dir));        // nothing until the first mail
  const mode_t old_umask = ::umask(0);  // permissions must not depend on the umask
  auto file = mailer.write(verification_mail());
  ::umask(old_umask);
  ASSERT_TRUE(file);
  EXPECT_EQ(mode_of(dir), 0700U);
  EXPECT_EQ(mode_of(*file), 0600U);
}

TEST(OutboxMailer, NamesAreUtcTimestampThenRandomAndSortInTimeOrder) {
  TempDir tmp;
  OutboxMailer mailer(tmp.path(), nullptr);
  const auto before = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  auto first = mailer.write(verification_mail());
  auto second = mailer.write(verification_mail());
  const auto after = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  ASSERT_TRUE(first && second);
  const std::regex shape(R"(\d{8}T\d{6}Z-[0-9a-f]{16}\.eml)");
  for (const auto& f : {*first, *second}) EXPECT_TRUE(std::regex_match(f.filename().string(), shape)) << f;
  EXPECT_NE(*first, *second);
  const auto stamp = [](const fs::path& p) { return p.filename().string().substr(0, 16); };
  const auto as_seconds = [](auto tp) { return tp.time_since_epoch() / std::chrono::seconds(1); };
  EXPECT_GE(stamp(*first), format_compact_utc(as_seconds(before)));
  EXPECT_LE(stamp(*second), format_compact_utc(as_seconds(after)));
  EXPECT_LE(stamp(*first), stamp(*second));
}

TEST(OutboxMailer, LeavesNoTemporaryFiles) {
  TempDir tmp;
  OutboxMailer mailer(tmp.path(), nullptr);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(mailer.send(verification_mail()));
  const auto files = entries(tmp.path());
  EXPECT_EQ(files.size(), 5U);
  for (const auto& f : files) EXPECT_EQ(f.extension(), ".eml") << f;
}

TEST(OutboxMailer, LogsOneLineWithTheFileTheLinkAndAMaskedAddress) {
  TempDir tmp;
  LogSink log;
  OutboxMailer mailer(tmp.path(), log.fn());
  auto file = mailer.write(verification_mail());
  ASSERT_TRUE(file);
  ASSERT_EQ(log.lines.size(), 1U);
  const std::string& line = log.lines[0];
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_NE(line.find(file->string()), std::string::npos) << line;
  EXPECT_NE(line.find("t***@example.com"), std::string::npos) << line;
  EXPECT_EQ(line.find("taro@example.com"), std::string::npos) << line;
  // The link ends where the Japanese sentence starts.
  EXPECT_TRUE(line.ends_with("link: " + std::string(kLink))) << line;
}

TEST(OutboxMailer, LogSaysSoWhenTheBodyHasNoLink) {
  TempDir tmp;
  LogSink log;
  OutboxMailer mailer(tmp.path(), log.fn());
  ASSERT_TRUE(mailer.send({"hanako@example.jp", "お知らせ", "リンクはありません。"}));
  ASSERT_EQ(log.lines.size(), 1U);
  EXPECT_NE(log.lines[0].find("h***@example.jp"), std::string::npos);
  EXPECT_TRUE(log.lines[0].ends_with("no link")) << log.lines[0];
}

TEST(OutboxMailer, RefusedMailWritesAndLogsNothing) {
  TempDir tmp;
  LogSink log;
  OutboxMailer mailer(tmp.path() / "outbox", log.fn());
  auto sent = mailer.send({"taro@example.com\r\nBcc: all@example.com", "件名", "本文"});
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kBadRequest);
  EXPECT_FALSE(fs::exists(tmp.path() / "outbox"));
  EXPECT_TRUE(log.lines.empty());
}

TEST(OutboxMailer, AnUnwritableDirectoryIsUnavailableWithAJapaneseMessage) {
  TempDir tmp;
  const fs::path not_a_dir = tmp.path() / "file";
  std::ofstream(not_a_dir) << "x";
  LogSink log;
  OutboxMailer mailer(not_a_dir / "outbox", log.fn());
  auto sent = mailer.send(verification_mail());
  ASSERT_FALSE(sent);
  EXPECT_EQ(sent.error().code, ErrorCode::kUnavailable);
  EXPECT_EQ(sent.error().message, msg::kSendFailed);
  EXPECT_NE(sent.error().log_detail.find("outbox"), std::string::npos) << sent.error().log_detail;
  EXPECT_TRUE(log.lines.empty());
}

TEST(OutboxMailer, ARemovedDirectoryIsCreatedAgain) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "outbox";
  OutboxMailer mailer(dir, nullptr);
  ASSERT_TRUE(mailer.send(verification_mail()));
  fs::remove_all(dir);
  ASSERT_TRUE(mailer.send(verification_mail()));
  EXPECT_EQ(entries(dir).size(), 1U);
}

TEST(OutboxMailer, ConcurrentSendsWriteDistinctCompleteFiles) {
  TempDir tmp;
  LogSink log;
  OutboxMailer mailer(tmp.path(), log.fn());
  constexpr int kThreads = 4;
  constexpr int kPerThread = 10;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < kPerThread; ++i) EXPECT_TRUE(mailer.send(verification_mail()));
    });
  for (auto& t : threads) t.join();
  const auto files = entries(tmp.path());
  EXPECT_EQ(files.size(), static_cast<std::size_t>(kThreads * kPerThread));
  std::set<std::string> ids;
  for (const auto& f : files) ids.insert(parse_message(read_file(f)).header("Message-ID"));
  EXPECT_EQ(ids.size(), files.size());
  EXPECT_EQ(log.lines.size(), files.size());
}

TEST(FirstLink, FindsTheEarliestHttpOrHttpsLink) {
  EXPECT_EQ(first_link("a http://x.example/1 b https://y.example/2"), "http://x.example/1");
  EXPECT_EQ(first_link("a https://y.example/2 b http://x.example/1"), "https://y.example/2");
  EXPECT_EQ(first_link("リンク：https://pokeca.example/a?b=c&d=e。次の文"), "https://pokeca.example/a?b=c&d=e");
  EXPECT_EQ(first_link("(see https://pokeca.example/x)."), "https://pokeca.example/x");
  EXPECT_EQ(first_link("<https://pokeca.example/y>"), "https://pokeca.example/y");
  EXPECT_EQ(first_link("line\nhttps://pokeca.example/z\r\nnext"), "https://pokeca.example/z");
  EXPECT_EQ(first_link("ftp://pokeca.example/ only"), "");
  EXPECT_EQ(first_link(""), "");
}

}  // namespace
}  // namespace pokeca::mail
