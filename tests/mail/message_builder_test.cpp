#include "pokeca/mail/message_builder.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "mail_test_support.hpp"
#include "pokeca/mail/mail_messages.hpp"

namespace pokeca::mail {
namespace {

using testing::base64_decode;
using testing::crlf_to_lf;
using testing::decode_encoded_words;
using testing::parse_message;

constexpr UnixSeconds kDate = 1'795'239'000;  // 2026-11-21T05:30:00Z

const Sender kSender{"no-reply@pokeca.example", "ポケカ販売店マップ"};

MessageMeta meta() { return {kSender, kDate, "20261121T053000Z.0123456789abcdef@pokeca.example"}; }

Mail verification_mail() {
  return {"taro@example.com", "【ポケカ販売店マップ】メールアドレスの確認",
          "ポケカ販売店マップへのご登録ありがとうございます。\n"
          "以下のリンクを開いて、メールアドレスを確認してください。\n"
          "https://pokeca.example/auth/action?mode=verifyEmail&token=abc123\n"
          "このリンクの有効期限は24時間です。\n"};
}

std::string built(const Mail& mail) {
  auto bytes = build_message(mail, meta());
  EXPECT_TRUE(bytes.has_value()) << (bytes ? "" : bytes.error().detail);
  return bytes.value_or("");
}

std::vector<std::string> lines_of(const std::string& bytes) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t eol = bytes.find("\r\n", at);
    if (eol == std::string::npos) {
      lines.push_back(bytes.substr(at));
      break;
    }
    lines.push_back(bytes.substr(at, eol - at));
    at = eol + 2;
  }
  return lines;
}

TEST(MessageBuilder, WritesTheHeadersInOrderWithExactValues) {
  const std::string bytes = built(verification_mail());
  const std::string head = bytes.substr(0, bytes.find("\r\n\r\n") + 2);
  std::vector<std::string> names;
  for (const auto& line : lines_of(head))
    if (!line.empty() && line.front() != ' ') names.push_back(line.substr(0, line.find(':')));
  EXPECT_EQ(names, (std::vector<std::string>{"Date", "From", "To", "Subject", "Message-ID", "MIME-Version",
                                             "Content-Type", "Content-Transfer-Encoding", "Auto-Submitted"}));
  const auto parsed = parse_message(bytes);
  EXPECT_EQ(parsed.header("Date"), "Sat, 21 Nov 2026 05:30:00 +0000");
  EXPECT_EQ(parsed.header("To"), "taro@example.com");
  EXPECT_EQ(parsed.header("Message-ID"), "<20261121T053000Z.0123456789abcdef@pokeca.example>");
  EXPECT_EQ(parsed.header("MIME-Version"), "1.0");
  EXPECT_EQ(parsed.header("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_EQ(parsed.header("Content-Transfer-Encoding"), "base64");
}

TEST(MessageBuilder, SubjectIsAnEncodedWordThatDecodesToTheJapaneseSubject) {
  const Mail mail = verification_mail();
  const auto parsed = parse_message(built(mail));
  const std::string subject = parsed.header("Subject");
  EXPECT_TRUE(subject.starts_with("=?UTF-8?B?")) << subject;
  EXPECT_EQ(decode_encoded_words(subject), mail.subject);
}

TEST(MessageBuilder, LongSubjectsFoldIntoWholeCharacterWordsWithinLineLimits) {
  Mail mail = verification_mail();
  mail.subject.clear();
  for (int i = 0; i < 20; ++i) mail.subject += "ポケモンカード販売";  // 540 bytes… trimmed below
  mail.subject.resize(kMaxSubjectBytes - kMaxSubjectBytes % 3);       // whole 3-byte characters
  const std::string bytes = built(mail);
  const std::string head = bytes.substr(0, bytes.find("\r\n\r\n"));
  for (const auto& line : lines_of(head)) EXPECT_LE(line.size(), 78U) << line;
  const std::string subject = parse_message(bytes).header("Subject");
  // Each word on its own decodes to complete UTF-8 (no character cut in two).
  std::size_t at = 0;
  int words = 0;
  while ((at = subject.find("=?UTF-8?B?", at)) != std::string::npos) {
    const std::size_t end = subject.find("?=", at + 10);
    ASSERT_NE(end, std::string::npos);
    EXPECT_LE(end + 2 - at, 75U);  // RFC 2047 §2
    EXPECT_TRUE(is_valid_utf8(base64_decode(subject.substr(at + 10, end - at - 10))));
    at = end + 2;
    ++words;
  }
  EXPECT_GT(words, 1);
  EXPECT_EQ(decode_encoded_words(subject), mail.subject);
}

TEST(MessageBuilder, FromCarriesTheEncodedDisplayNameAndTheAddress) {
  const auto parsed = parse_message(built(verification_mail()));
  EXPECT_EQ(decode_encoded_words(parsed.header("From")), "ポケカ販売店マップ <no-reply@pokeca.example>");
}

TEST(MessageBuilder, FromWithoutDisplayNameIsTheBareAddressInBrackets) {
  MessageMeta m = meta();
  m.from.display_name.clear();
  auto bytes = build_message(verification_mail(), m);
  ASSERT_TRUE(bytes);
  EXPECT_EQ(parse_message(*bytes).header("From"), "<no-reply@pokeca.example>");
}

TEST(MessageBuilder, BodyIsBase64OfTheTextWithCrlfLineEnds) {
  const Mail mail = verification_mail();
  const auto parsed = parse_message(built(mail));
  for (const auto& line : lines_of(parsed.raw_body)) EXPECT_LE(line.size(), kBase64LineLength);
  const std::string decoded = base64_decode(parsed.raw_body);
  EXPECT_EQ(decoded.find('\n'), decoded.find("\r\n") + 1);  // first line end is CRLF
  EXPECT_EQ(crlf_to_lf(decoded), mail.text_body);
}

TEST(MessageBuilder, BodyRoundTripsEveryLineEndingStyleAndEmptyText) {
  Mail mail = verification_mail();
  mail.text_body = "一行目\r\n二行目\n三行目\r四行目";
  EXPECT_EQ(base64_decode(parse_message(built(mail)).raw_body), "一行目\r\n二行目\r\n三行目\r\n四行目");
  mail.text_body.clear();
  EXPECT_EQ(parse_message(built(mail)).raw_body, "");
}

TEST(MessageBuilder, TheWholeMessageIsSevenBitWithCrlfLineEnds) {
  const std::string bytes = built(verification_mail());
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    ASSERT_LT(c, 0x80U) << "byte " << i;
    if (c == '\n') {
      ASSERT_TRUE(i > 0 && bytes[i - 1] == '\r') << "bare LF at " << i;
    }
    if (c == '\r') {
      ASSERT_TRUE(i + 1 < bytes.size() && bytes[i + 1] == '\n') << "bare CR at " << i;
    }
  }
  EXPECT_TRUE(bytes.ends_with("\r\n"));
}

TEST(MessageBuilder, CarrierStyleLocalPartsAreQuotedInTheToHeader) {
  Mail mail = verification_mail();
  mail.to = "poke..ca.@docomo.ne.jp";
  EXPECT_EQ(parse_message(built(mail)).header("To"), "\"poke..ca.\"@docomo.ne.jp");
}

struct Refusal {
  const char* name;
  Mail mail;
  Sender from;
  ErrorCode code;
};

class MessageBuilderRefuses : public ::testing::TestWithParam<Refusal> {};

TEST_P(MessageBuilderRefuses, HeaderInjectionAndInvalidText) {
  const Refusal& r = GetParam();
  auto bytes = build_message(r.mail, {r.from, kDate, "id@pokeca.example"});
  ASSERT_FALSE(bytes.has_value());
  EXPECT_EQ(bytes.error().code, r.code);
  EXPECT_FALSE(bytes.error().message.empty());
}

const Mail kOk{"taro@example.com", "件名", "本文"};

INSTANTIATE_TEST_SUITE_P(
    Cases, MessageBuilderRefuses,
    ::testing::Values(
        Refusal{
            "CrLfInTo", {"taro@example.com\r\nBcc: all@example.com", "件名", "本文"}, kSender, ErrorCode::kBadRequest},
        Refusal{
            "LfInTo", {"taro@example.com\nRCPT TO:<x@example.com>", "件名", "本文"}, kSender, ErrorCode::kBadRequest},
        Refusal{"CrInTo", {"taro@example.com\r", "件名", "本文"}, kSender, ErrorCode::kBadRequest},
        Refusal{"AngleBracketsInTo", {"<taro@example.com>", "件名", "本文"}, kSender, ErrorCode::kBadRequest},
        Refusal{"EmptyTo", {"", "件名", "本文"}, kSender, ErrorCode::kBadRequest},
        Refusal{"CrLfInSubject",
                {"taro@example.com", "件名\r\nBcc: all@example.com", "本文"},
                kSender,
                ErrorCode::kInternal},
        Refusal{"LfInSubject", {"taro@example.com", "件名\nX: y", "本文"}, kSender, ErrorCode::kInternal},
        Refusal{"CrInSubject", {"taro@example.com", "件名\rX: y", "本文"}, kSender, ErrorCode::kInternal},
        Refusal{"InvalidUtf8Subject", {"taro@example.com", "\xE3\x81", "本文"}, kSender, ErrorCode::kInternal},
        Refusal{"InvalidUtf8Body", {"taro@example.com", "件名", "\xFF\xFE"}, kSender, ErrorCode::kInternal},
        Refusal{
            "CrLfInFromName", kOk, {"no-reply@pokeca.example", "名前\r\nBcc: all@example.com"}, ErrorCode::kInternal},
        Refusal{"CrLfInFromAddress", kOk, {"no-reply@pokeca.example\r\nBcc: x@y.z", "名前"}, ErrorCode::kInternal}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(MessageBuilder, RecipientRefusalTellsTheUserInJapanese) {
  auto bytes = build_message({"bad address@example.com", "件名", "本文"}, meta());
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().message, msg::kBadRecipient);
}

TEST(MailDates, AreRfc5322InUtc) {
  EXPECT_EQ(format_mail_date(0), "Thu, 01 Jan 1970 00:00:00 +0000");
  EXPECT_EQ(format_mail_date(kDate), "Sat, 21 Nov 2026 05:30:00 +0000");
  EXPECT_EQ(format_mail_date(951'782'400), "Tue, 29 Feb 2000 00:00:00 +0000");
  EXPECT_EQ(format_compact_utc(kDate), "20261121T053000Z");
}

TEST(MessageIds, AreUniqueAndUseTheSendersDomain) {
  std::set<std::string> ids;
  for (int i = 0; i < 100; ++i) {
    const std::string id = make_message_id("no-reply@pokeca.example", kDate);
    EXPECT_TRUE(id.starts_with("20261121T053000Z.")) << id;
    EXPECT_TRUE(id.ends_with("@pokeca.example")) << id;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 100U);
}

TEST(Utf8, ValidationRejectsMalformedSequences) {
  EXPECT_TRUE(is_valid_utf8("ポケカ abc 🃏"));
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_FALSE(is_valid_utf8("\x80"));              // lone continuation
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong, 3 bytes
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // UTF-16 surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // beyond U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xE3\x83"));          // truncated
}

TEST(MessageBuilder, ListUnsubscribeHeadersOnlyWhenAskedAndOnlyForACleanUrl) {
  EXPECT_EQ(built(verification_mail()).find("List-Unsubscribe"), std::string::npos);
  auto mail = verification_mail();
  mail.list_unsubscribe_url = "https://pokeca.example/api/v1/alerts/unsubscribe?token=abc.def";
  const auto bytes = built(mail);
  EXPECT_NE(bytes.find("\r\nList-Unsubscribe: <https://pokeca.example/api/v1/alerts/unsubscribe?token=abc.def>\r\n"),
            std::string::npos);
  EXPECT_NE(bytes.find("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  for (const char* bad : {"https://x.example/a>\r\nBcc: evil@example.com", "javascript:alert(1)",
                          "https://x.example/a b", "https://x.example/\xE3\x81\x82"}) {
    mail.list_unsubscribe_url = bad;
    EXPECT_FALSE(build_message(mail, meta())) << bad;
  }
}

}  // namespace
}  // namespace pokeca::mail
