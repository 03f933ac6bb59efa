// The RFC 8030 sender against a push-service stand-in on a loopback port: the body it
// POSTs decrypts with the subscription's private key, the VAPID token verifies with the
// server's public key for the stand-in's origin, and the answers map to core's statuses.
#include <gtest/gtest.h>

#include "pokeca/push/web_push_crypto.hpp"
#include "pokeca/push/web_push_sender.hpp"
#include "pokeca/shared/base64url.hpp"
#include "push_service_stand_in.hpp"

namespace pokeca::push {
namespace {

struct Device {
  std::string ua_private = generate_p256_private_key();
  std::string ua_public = p256_public_key(ua_private).value();
  std::string auth = "auth-secret-16b!";
};

class PushSenderTest : public ::testing::Test {
 protected:
  VapidKeys keys = vapid_keys_from_private(generate_p256_private_key());
  Device device;
  testing::PushServiceStandIn service{device.ua_private, device.auth, keys.public_key};

  WebPushSender sender(bool allow_loopback) {
    return WebPushSender({keys, "mailto:ops@example.jp", allow_loopback, std::chrono::seconds(5),
                          [] { return std::int64_t{1'700'000'000}; }});
  }
  PushRequest request(const std::string& path, std::string payload) {
    return {{service.endpoint(path), base64url_encode(device.ua_public), base64url_encode(device.auth)},
            std::move(payload),
            3600,
            PushUrgency::kHigh};
  }
};

TEST_F(PushSenderTest, DeliversAnEncryptedSignedMessage) {
  auto s = sender(true);
  const std::string payload = R"({"title":"入荷のお知らせ","url":"/map?store=12"})";
  const auto result = s.send(request("/push/abc", payload));
  EXPECT_EQ(result.status, PushStatus::kDelivered) << result.detail;
  const auto got = service.received();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].target, "/push/abc");
  EXPECT_TRUE(got[0].decrypted);
  EXPECT_EQ(got[0].plaintext, payload);
  EXPECT_EQ(got[0].ttl, "3600");
  EXPECT_EQ(got[0].urgency, "high");
  EXPECT_EQ(got[0].content_encoding, "aes128gcm");
  EXPECT_EQ(got[0].vapid_key, base64url_encode(keys.public_key));
  const std::string audience = "\"aud\":\"http://127.0.0.1:" + std::to_string(service.port()) + "\"";
  EXPECT_NE(got[0].vapid_claims.find(audience), std::string::npos) << got[0].vapid_claims;
  EXPECT_NE(got[0].vapid_claims.find("\"exp\":" + std::to_string(1'700'000'000 + kVapidTokenLifetimeSeconds)),
            std::string::npos);
  EXPECT_NE(got[0].vapid_claims.find("\"sub\":\"mailto:ops@example.jp\""), std::string::npos);
}

TEST_F(PushSenderTest, GoneAndRetryAndRejectedAnswers) {
  auto s = sender(true);
  service.answer_with(410);
  EXPECT_EQ(s.send(request("/p", "x")).status, PushStatus::kGone);
  service.answer_with(404);
  EXPECT_EQ(s.send(request("/p", "x")).status, PushStatus::kGone);
  service.answer_with(503);
  EXPECT_EQ(s.send(request("/p", "x")).status, PushStatus::kRetryLater);
  service.answer_with(429);
  EXPECT_EQ(s.send(request("/p", "x")).status, PushStatus::kRetryLater);
  service.answer_with(413);
  EXPECT_EQ(s.send(request("/p", "x")).status, PushStatus::kRejected);
}

TEST_F(PushSenderTest, PlainHttpOnlyWhenLoopbackIsAllowed) {
  auto strict = sender(false);
  EXPECT_EQ(strict.send(request("/p", "x")).status, PushStatus::kRejected);
  EXPECT_TRUE(service.received().empty());
}

TEST_F(PushSenderTest, UnreachableServiceIsRetried) {
  auto s = sender(true);
  auto r = request("/p", "x");
  r.target.endpoint = "http://127.0.0.1:1/p";  // nothing listens on port 1
  EXPECT_EQ(s.send(r).status, PushStatus::kRetryLater);
}

TEST_F(PushSenderTest, BadKeysAreRejectedBeforeAnyConnection) {
  auto s = sender(true);
  auto r = request("/p", "x");
  r.target.p256dh = base64url_encode(std::string(65, '\x04'));
  EXPECT_EQ(s.send(r).status, PushStatus::kRejected);
  EXPECT_TRUE(service.received().empty());
}

TEST(PushEndpoint, ParsesHostPortAndTarget) {
  const auto e = parse_push_endpoint("https://fcm.googleapis.com/fcm/send/abc?x=1");
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->tls);
  EXPECT_EQ(e->host, "fcm.googleapis.com");
  EXPECT_EQ(e->port, "443");
  EXPECT_EQ(e->target, "/fcm/send/abc?x=1");
  const auto v6 = parse_push_endpoint("http://[::1]:8080/p");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->host, "::1");
  EXPECT_EQ(v6->port, "8080");
  EXPECT_FALSE(parse_push_endpoint("https://a@b/c"));
  EXPECT_FALSE(parse_push_endpoint("https://host:port/c"));
  EXPECT_FALSE(parse_push_endpoint("https://host/a b"));
  EXPECT_FALSE(parse_push_endpoint("https://host/" + std::string(kMaxPushEndpointBytes, 'a')));
}

}  // namespace
}  // namespace pokeca::push
