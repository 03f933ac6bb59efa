// Compressed answers. Build-time .br / .gz siblings of text assets chosen by
// Accept-Encoding (never for images), gzip for large public map reads, kept with the
// response cache entry, and Vary: Accept-Encoding wherever the encoding may differ.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "common/content_encoding.hpp"
#include "gunzip.hpp"
#include "router_fixture.hpp"

namespace pokeca::testing {
namespace {

using http::Status;
using http::bhttp::field;
namespace fs = std::filesystem;

TEST(ContentEncoding, AcceptEncodingNamesQualitiesAndWildcards) {
  using http::accepts_encoding;
  EXPECT_TRUE(accepts_encoding("gzip, deflate, br, zstd", "br"));
  EXPECT_TRUE(accepts_encoding("gzip, deflate, br, zstd", "gzip"));
  EXPECT_FALSE(accepts_encoding("", "gzip"));
  EXPECT_FALSE(accepts_encoding("identity", "gzip"));
  EXPECT_FALSE(accepts_encoding("gzip;q=0, br", "gzip"));
  EXPECT_TRUE(accepts_encoding("gzip;q=0.5", "gzip"));
  EXPECT_TRUE(accepts_encoding("GZIP ; Q=1", "gzip"));
  EXPECT_TRUE(accepts_encoding("x-gzip", "gzip"));
  EXPECT_TRUE(accepts_encoding("*", "br"));
  EXPECT_FALSE(accepts_encoding("*;q=0", "br"));
  EXPECT_FALSE(accepts_encoding("*, br;q=0", "br"));   // named beats the wildcard
  EXPECT_FALSE(accepts_encoding("gzip;q=x", "gzip"));  // unreadable: not accepted
  EXPECT_FALSE(accepts_encoding("gzipped", "gzip"));
}

TEST(ContentEncoding, GzipRoundTrips) {
  const std::string text(5000, 'a');
  const auto gz = http::gzip_compress(text);
  ASSERT_FALSE(gz.empty());
  EXPECT_LT(gz.size(), text.size());
  EXPECT_EQ(gunzip(gz), text);
}

TEST(ContentEncoding, GzipRoundTripsAtEveryLevelAndEmpty) {
  std::string json;
  for (int i = 0; json.size() < 100'000; ++i)
    json += R"({"id":)" + std::to_string(i) + R"(,"name":"カードショップ 店舗)" + std::to_string(i * 7) + R"("},)";
  for (int level = 0; level <= 12; ++level)
    EXPECT_EQ(gunzip(http::gzip_compress(json, level)), json) << "level " << level;
  EXPECT_LT(http::gzip_compress(json).size(), json.size() / 4);
  EXPECT_EQ(gunzip(http::gzip_compress("")), "");
}

// Each thread keeps its own compressor: threads compressing at once never mix their output.
TEST(ContentEncoding, GzipFromManyThreadsAtOnce) {
  constexpr int kThreads = 4;
  std::vector<std::string> texts;
  for (int t = 0; t < kThreads; ++t) texts.emplace_back(20'000 + t * 997, static_cast<char>('a' + t));
  std::vector<int> wrong(kThreads, 0);
  {
    std::vector<std::jthread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < 50; ++i)
          if (gunzip(http::gzip_compress(texts[static_cast<std::size_t>(t)])) != texts[static_cast<std::size_t>(t)])
            ++wrong[static_cast<std::size_t>(t)];
      });
  }
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[static_cast<std::size_t>(t)], 0) << "thread " << t;
}

class CompressionTest : public RouterTest {
 protected:
  CompressionTest() {
    http::RouterConfig config;
    config.data_generation = [this] { return generation.load(); };
    make_router(std::move(config));
    // Build-time siblings (frontend/build/precompress.ts) of the app's JS.
    site.write("site/assets/app-3f9a1c.js.br", "BROTLI BYTES");
    site.write("site/assets/app-3f9a1c.js.gz", http::gzip_compress(kAppJs));
    site.write("site/img/photo.jpg", "JPEG BYTES");
    site.write("site/img/photo.jpg.gz", "must never be sent");
    site.write("site/img/photo.jpg.br", "must never be sent");
    site.write("site/plain.css", "a{}");  // no siblings
  }

  http::Response get_with(std::string_view target, std::string_view accept_encoding,
                          http::bhttp::verb method = http::bhttp::verb::get) {
    http::Request req{method, target, 11};
    req.set(field::host, "localhost");
    if (!accept_encoding.empty()) req.set(field::accept_encoding, accept_encoding);
    req.prepare_payload();
    return serve(*router, req);
  }

  std::atomic<std::uint64_t> generation{1};
};

TEST_F(CompressionTest, StaticAssetsNegotiateBrotliThenGzipThenIdentity) {
  const auto br = get_with("/assets/app-3f9a1c.js", "gzip, deflate, br");
  EXPECT_EQ(br.result(), Status::ok);
  EXPECT_EQ(br[field::content_encoding], "br");
  EXPECT_EQ(br.body(), "BROTLI BYTES");
  EXPECT_EQ(br[field::content_length], std::to_string(br.body().size()));
  EXPECT_EQ(br[field::vary], "Accept-Encoding");
  EXPECT_EQ(br[field::content_type], "text/javascript; charset=utf-8");  // the asset's type, not .br's

  const auto gz = get_with("/assets/app-3f9a1c.js", "gzip");
  EXPECT_EQ(gz[field::content_encoding], "gzip");
  EXPECT_EQ(gunzip(gz.body()), kAppJs);
  EXPECT_EQ(gz[field::content_length], std::to_string(gz.body().size()));
  EXPECT_EQ(gz[field::vary], "Accept-Encoding");

  const auto plain = get_with("/assets/app-3f9a1c.js", "");
  EXPECT_EQ(plain[field::content_encoding], "");
  EXPECT_EQ(plain.body(), kAppJs);
  EXPECT_EQ(plain[field::vary], "Accept-Encoding");
  EXPECT_EQ(get_with("/assets/app-3f9a1c.js", "br;q=0, gzip;q=0").body(), kAppJs);

  // Each representation has its own ETag; a tag revalidates only its own encoding.
  EXPECT_NE(br[field::etag], gz[field::etag]);
  EXPECT_NE(gz[field::etag], plain[field::etag]);
  http::Request again{http::bhttp::verb::get, "/assets/app-3f9a1c.js", 11};
  again.set(field::accept_encoding, "br");
  again.set(field::if_none_match, br[field::etag]);
  EXPECT_EQ(serve(*router, again).result(), Status::not_modified);

  // HEAD: the compressed length, no body.
  const auto head = get_with("/assets/app-3f9a1c.js", "br", http::bhttp::verb::head);
  EXPECT_EQ(head[field::content_length], std::to_string(std::string_view("BROTLI BYTES").size()));
  EXPECT_TRUE(head.body().empty());

  // No siblings: identity, still Vary (another build may have them).
  const auto css = get_with("/plain.css", "gzip, br");
  EXPECT_EQ(css.body(), "a{}");
  EXPECT_EQ(css[field::content_encoding], "");
}

TEST_F(CompressionTest, ImagesAreNeverSentCompressed) {
  const auto jpeg = get_with("/img/photo.jpg", "gzip, deflate, br");
  EXPECT_EQ(jpeg.body(), "JPEG BYTES");
  EXPECT_EQ(jpeg[field::content_encoding], "");
  EXPECT_EQ(jpeg[field::vary], "");
  EXPECT_EQ(jpeg[field::content_type], "image/jpeg");
}

TEST_F(CompressionTest, LargePublicReadsGoGzipAndTheCacheKeepsTheCompressedBytes) {
  const auto target = "/api/v1/prefectures";
  const auto identity = get_with(target, "");
  ASSERT_EQ(identity.result(), Status::ok);
  ASSERT_GE(identity.body().size(), http::kMinCompressedJsonBytes);
  EXPECT_EQ(identity[field::content_encoding], "");
  EXPECT_EQ(identity[field::vary], "Accept-Encoding");

  // A cached entry without its gzip form: not ready on the I/O thread for a gzip
  // client (compression belongs on a worker), ready for the others.
  http::Request req{http::bhttp::verb::get, target, 11};
  req.set(field::accept_encoding, "gzip, br");
  EXPECT_FALSE(ready_answer(*router, req).has_value());
  http::Request plain_req{http::bhttp::verb::get, target, 11};
  ASSERT_TRUE(ready_answer(*router, plain_req).has_value());

  const auto gz = serve(*router, req);
  EXPECT_EQ(gz[field::content_encoding], "gzip");
  EXPECT_EQ(gz[field::vary], "Accept-Encoding");
  EXPECT_EQ(gz[field::content_length], std::to_string(gz.body().size()));
  EXPECT_EQ(gunzip(gz.body()), identity.body());

  // Now the compressed bytes are kept: a hit is ready without any work.
  const auto ready = ready_answer(*router, req);
  ASSERT_TRUE(ready.has_value());
  EXPECT_EQ(ready->body(), gz.body());
  EXPECT_EQ((*ready)[field::content_encoding], "gzip");
  EXPECT_EQ((*ready)[field::vary], "Accept-Encoding");
  EXPECT_EQ((*ready)["X-Content-Type-Options"], "nosniff");

  // A write: both forms are stale.
  generation.fetch_add(1);
  EXPECT_FALSE(ready_answer(*router, req).has_value());
  EXPECT_FALSE(ready_answer(*router, plain_req).has_value());
}

TEST_F(CompressionTest, SmallAndPersonalAnswersAreNotCompressed) {
  const auto health = get_with("/api/v1/healthz", "gzip");
  ASSERT_EQ(health.result(), Status::ok);
  EXPECT_LT(health.body().size(), http::kMinCompressedJsonBytes);
  EXPECT_EQ(health[field::content_encoding], "");
  EXPECT_EQ(health[field::vary], "");
  // Errors and anything not a public cacheable read go as they are.
  const auto bad = get_with("/api/v1/stores?bbox=nonsense", "gzip");
  EXPECT_EQ(bad.result(), Status::bad_request);
  EXPECT_EQ(bad[field::content_encoding], "");
}

}  // namespace
}  // namespace pokeca::testing
