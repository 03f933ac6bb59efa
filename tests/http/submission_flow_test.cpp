// Store submissions end to end over a real loopback socket: HttpServer → Router →
// SubmissionService → SQLite, the real pokeca-photo-worker and the real photo store.
// A user submits a photo carrying EXIF GPS, an admin sees it with its likely duplicate
// and approves it, the store is on the map at once (the response cache notices the
// write), and the photo is served without any metadata and cached for a year.
#include <boost/json/serialize.hpp>
#include <fstream>
#include <thread>

#include "api_accounts.hpp"
#include "contribution_fakes.hpp"
#include "fixtures.hpp"
#include "loopback_server.hpp"
#include "pokeca/contributions/submission_service.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/media/file_photo_store.hpp"
#include "pokeca/media/isolated_photo_processor.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_submission_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using http::Status;
using http::bhttp::field;
using http::bhttp::verb;
using media::testing::Bytes;

constexpr std::string_view kPassword = "kiriban-7777";
constexpr std::string_view kBoundary = "----pokecaBoundary7MA4YWxk";
// Near the Imperial Palace: 千代田区 in the gazetteer.
constexpr std::string_view kLat = "35.6852";
constexpr std::string_view kLng = "139.7528";
constexpr std::string_view kBbox = "139.74,35.68,139.76,35.69";

struct Part {
  std::string name;
  std::string value;
  std::string filename;  // empty = a text field
  std::string content_type = "application/octet-stream";
};

std::string as_string(const Bytes& b) { return {reinterpret_cast<const char*>(b.data()), b.size()}; }

std::string multipart_body(const std::vector<Part>& parts) {
  std::string out;
  for (const auto& p : parts) {
    out += "--" + std::string(kBoundary) + "\r\nContent-Disposition: form-data; name=\"" + p.name + "\"";
    if (!p.filename.empty()) out += "; filename=\"" + p.filename + "\"\r\nContent-Type: " + p.content_type;
    out += "\r\n\r\n" + p.value + "\r\n";
  }
  return out + "--" + std::string(kBoundary) + "--\r\n";
}

Part text(std::string field_name, std::string value) {
  return {"store_submission[" + field_name + "]", std::move(value), "", ""};
}
Part image(std::string bytes, std::string filename = "IMG_0001.JPG", std::string type = "image/jpeg") {
  return {"store_submission[images][]", std::move(bytes), std::move(filename), std::move(type)};
}

struct Reply {
  Status status;
  json::value body;
  http::Response raw;
};

class SubmissionFlow : public ::testing::Test {
 protected:
  explicit SubmissionFlow(std::string worker = POKECA_PHOTO_WORKER,
                          std::chrono::milliseconds worker_timeout = media::kWorkerDefaultTimeout)
      : processor({.worker_path = std::move(worker), .timeout = worker_timeout}) {
    // A store already on the map next to the submission, under a differently written name.
    auto twin = sample_store(1, "ﾎﾟｹｶｼｮｯﾌﾟ 皇居前", "card_shop", "tokyo", "千代田区", 35.6855, 139.7530);
    EXPECT_TRUE(stores.insert_many(std::vector{twin}));
    http::RouterConfig config;
    config.photos = &photo_store;
    config.read_model = response_cache_over(db);
    server =
        std::make_unique<LoopbackServer>(fakes.services(service, accounts.auth, {.submissions = &submissions}), config);
    user_token = verified_login("user@example.com");
    admin_token = verified_login("admin@example.com");
    EXPECT_TRUE(accounts.admin.grant_admin("admin@example.com"));
  }

  Reply call(verb method, std::string_view target, std::string body = {}, std::string_view bearer = {},
             std::string_view content_type = "application/json", std::string_view if_none_match = {}) {
    TestClient client(server->port());
    http::Request req{method, target, 11};
    if (!body.empty()) req.set(field::content_type, content_type);
    if (!bearer.empty()) req.set(field::authorization, "Bearer " + std::string(bearer));
    if (!if_none_match.empty()) req.set(field::if_none_match, if_none_match);
    req.body() = std::move(body);
    if (auto ec = client.send(std::move(req))) throw boost::system::system_error(ec);
    auto [ec, res] = client.receive(method == verb::head);
    if (ec) throw boost::system::system_error(ec);
    const bool is_json = res[field::content_type].starts_with("application/json");
    return {res.result(), is_json && !res.body().empty() ? json::parse(res.body()) : json::value(), res};
  }

  Reply submit(const std::vector<Part>& parts, std::string_view bearer = {}) {
    return call(verb::post, "/api/v1/store_submissions", multipart_body(parts),
                bearer.empty() ? std::string_view(user_token) : bearer,
                "multipart/form-data; boundary=" + std::string(kBoundary));
  }

  std::string verified_login(std::string_view email) {
    return signed_up_and_logged_in(server->port(), accounts,
                                   {.email = email, .password = kPassword, .prefecture = "東京都"});
  }

  static std::string error_of(const Reply& r) { return std::string(r.body.at("error").as_string()); }
  static std::string code_of(const Reply& r) { return std::string(r.body.at("code").as_string()); }

  std::vector<std::int64_t> store_ids_in_view() {
    const auto r = call(verb::get, "/api/v1/stores?bbox=" + std::string(kBbox));
    EXPECT_EQ(r.status, Status::ok);
    std::vector<std::int64_t> ids;
    for (const auto& s : r.body.at("data").as_array()) ids.push_back(s.at("id").as_int64());
    return ids;
  }

  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  storage::SqliteSubmissionRepository submission_repo{db};
  SettableClock clock{kTestNow};
  StoreService service{stores, reports, clock, &submission_repo};
  RealAccounts accounts{db, clock};
  Gazetteer gazetteer = *Gazetteer::from_tsv(data::kGazetteerTsv);
  media::IsolatedPhotoProcessor processor;
  media::FilePhotoStore photo_store{dir.path() / "photos", crypto::sha256_hex};
  SubmissionService submissions{{submission_repo, stores, processor, photo_store, gazetteer, accounts.limiter, clock}};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};  // purchases, ranking
  std::unique_ptr<LoopbackServer> server;
  std::string user_token;
  std::string admin_token;
};

TEST_F(SubmissionFlow, SubmitModerateApproveAndServeThePhoto) {
  // A phone photo with the owner's position in its EXIF block.
  const auto photo = media::testing::with_exif(media::testing::make_jpeg(2000, 1500), 6);
  ASSERT_TRUE(media::testing::contains(photo, media::testing::kGpsMarker));
  const auto submitted =
      submit({text("store_name", "ポケカショップ皇居前"), text("latitude", std::string(kLat)),
              text("longitude", std::string(kLng)), text("comment", "平日の夕方に入荷"), image(as_string(photo))});
  ASSERT_EQ(submitted.status, Status::created) << json::serialize(submitted.body);
  EXPECT_EQ(str(submitted.body.at("message")), msg::kSubmissionThanks);
  const auto& s = submitted.body.at("submission");
  EXPECT_EQ(s.at("status"), "pending");
  EXPECT_EQ(s.at("location_method"), "gps");
  EXPECT_EQ(s.at("location_precision"), "exact");
  EXPECT_EQ(s.at("prefecture_name"), "東京都");
  EXPECT_EQ(s.at("city"), "千代田区");
  EXPECT_TRUE(s.at("store_id").is_null());
  ASSERT_EQ(s.at("photos").as_array().size(), 1u);
  const auto id = s.at("id").as_int64();

  // Admin: the queue shows it with the store already on the map as a likely duplicate.
  EXPECT_EQ(call(verb::get, "/api/v1/admin/submissions", {}, user_token).status, Status::forbidden);
  const auto queue = call(verb::get, "/api/v1/admin/submissions?status=pending", {}, admin_token);
  ASSERT_EQ(queue.status, Status::ok);
  EXPECT_EQ(queue.body.at("total"), 1);
  const auto& listed = queue.body.at("data").as_array().at(0);
  EXPECT_EQ(listed.at("user").at("nickname"), "サトシ");
  ASSERT_EQ(listed.at("duplicates").as_array().size(), 1u);
  EXPECT_EQ(listed.at("duplicates").as_array()[0].at("store").at("id"), 1);
  EXPECT_EQ(listed.at("suggested_store_type"), "other");  // no chain or keyword in ポケカショップ皇居前
  EXPECT_LT(listed.at("duplicates").as_array()[0].at("distance_m").to_number<double>(), 150.0);

  // The map before (this fills the response cache), the approval, the map right after.
  EXPECT_EQ(store_ids_in_view(), (std::vector<std::int64_t>{1}));
  const auto approved = call(verb::post, "/api/v1/admin/submissions/" + std::to_string(id) + "/approve",
                             R"({"store_type":"card_shop"})", admin_token);
  ASSERT_EQ(approved.status, Status::ok) << json::serialize(approved.body);
  const auto store_id = approved.body.at("store").at("id").as_int64();
  EXPECT_EQ(approved.body.at("submission").at("points_awarded"), 5);
  EXPECT_EQ(approved.body.at("submission").at("store_id"), store_id);
  EXPECT_EQ(approved.body.at("store").at("store_type"), "card_shop");
  const auto ids = store_ids_in_view();
  EXPECT_NE(std::find(ids.begin(), ids.end(), store_id), ids.end()) << "the approved store is not on the map";
  const auto again = call(verb::post, "/api/v1/admin/submissions/" + std::to_string(id) + "/approve", "", admin_token);
  EXPECT_EQ(again.status, Status::conflict);
  EXPECT_EQ(error_of(again), msg::kSubmissionAlreadyReviewed);

  // The store's detail lists the photo; the photo is a clean JPEG cached for a year.
  const auto detail = call(verb::get, "/api/v1/stores/" + std::to_string(store_id));
  ASSERT_EQ(detail.status, Status::ok);
  const auto& photos = detail.body.at("data").at("photos").as_array();
  ASSERT_EQ(photos.size(), 1u);
  const std::string url(photos[0].at("url").as_string());
  ASSERT_TRUE(url.starts_with("/photos/") && url.ends_with(".jpg")) << url;
  const auto served = call(verb::get, url);
  ASSERT_EQ(served.status, Status::ok);
  EXPECT_EQ(served.raw[field::content_type], "image/jpeg");
  EXPECT_EQ(served.raw[field::cache_control], "public, max-age=31536000, immutable");
  EXPECT_NE(served.raw["Content-Security-Policy"].find("img-src 'self'"), std::string::npos);
  EXPECT_EQ(served.raw["X-Content-Type-Options"], "nosniff");
  const Bytes jpeg(reinterpret_cast<const std::byte*>(served.raw.body().data()),
                   reinterpret_cast<const std::byte*>(served.raw.body().data() + served.raw.body().size()));
  const auto markers = media::testing::jpeg_metadata_markers(jpeg);
  EXPECT_EQ(std::count(markers.begin(), markers.end(), 0xE1), 0) << "an APP1 (EXIF) segment survived";
  EXPECT_FALSE(media::testing::contains(jpeg, media::testing::kGpsMarker));
  const auto decoded = media::testing::decode_jpeg_for_test(jpeg);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->width, 1200);  // orientation 6 applied, long edge 1600
  EXPECT_EQ(decoded->height, 1600);
  const std::string etag(served.raw[field::etag]);
  EXPECT_EQ(etag, "\"" + url.substr(8, 64) + "\"");
  EXPECT_EQ(call(verb::get, url, {}, {}, {}, etag).status, Status::not_modified);
  const auto head = call(verb::head, url);
  EXPECT_EQ(head.status, Status::ok);
  EXPECT_EQ(head.raw[field::content_length], std::to_string(served.raw.body().size()));
  EXPECT_EQ(call(verb::get, std::string(photos[0].at("thumb_url").as_string())).status, Status::ok);
}

TEST_F(SubmissionFlow, AddressSubmissionRejectedWithAReason) {
  const auto submitted = submit({text("store_name", "おもちゃのマルイ"), text("address", "東京都新宿区西新宿2-8-1")});
  ASSERT_EQ(submitted.status, Status::created) << json::serialize(submitted.body);
  EXPECT_EQ(submitted.body.at("submission").at("location_precision"), "municipality");
  const auto id = std::to_string(submitted.body.at("submission").at("id").as_int64());
  const auto no_reason =
      call(verb::post, "/api/v1/admin/submissions/" + id + "/reject", R"({"reason":" "})", admin_token);
  EXPECT_EQ(no_reason.status, Status::bad_request);
  EXPECT_EQ(error_of(no_reason), msg::kRejectReasonRequired);
  const auto rejected =
      call(verb::post, "/api/v1/admin/submissions/" + id + "/reject", R"({"reason":"閉店しています"})", admin_token);
  ASSERT_EQ(rejected.status, Status::ok);
  EXPECT_EQ(rejected.body.at("submission").at("reject_reason"), "閉店しています");
  EXPECT_EQ(call(verb::post, "/api/v1/admin/submissions/" + id + "/approve", "", admin_token).status, Status::conflict);
  EXPECT_EQ(call(verb::post, "/api/v1/admin/submissions/999/approve", "", admin_token).status, Status::not_found);
  const auto listed = call(verb::get, "/api/v1/admin/submissions?status=rejected", {}, admin_token);
  EXPECT_EQ(listed.body.at("total"), 1);
  // The review form's default type comes from the name: おもちゃ → toy.
  EXPECT_EQ(listed.body.at("data").as_array().at(0).at("suggested_store_type"), "toy");
  EXPECT_EQ(call(verb::get, "/api/v1/admin/submissions?status=done", {}, admin_token).status, Status::bad_request);
}

// Photo deletion over the socket, real files: a rejected submission's photo, and a
// withdrawn user's pending one, stop being downloadable.
TEST_F(SubmissionFlow, RejectionAndWithdrawalDeleteUnapprovedPhotoFiles) {
  const auto photo = as_string(media::testing::make_jpeg(640, 480));
  const auto first = submit({text("store_name", "却下される店"), text("latitude", std::string(kLat)),
                             text("longitude", std::string(kLng)), image(photo)});
  ASSERT_EQ(first.status, Status::created) << json::serialize(first.body);
  const std::string url(first.body.at("submission").at("photos").as_array()[0].at("url").as_string());
  const std::string thumb(first.body.at("submission").at("photos").as_array()[0].at("thumb_url").as_string());
  ASSERT_EQ(call(verb::get, url).status, Status::ok);
  const auto id = std::to_string(first.body.at("submission").at("id").as_int64());
  ASSERT_EQ(
      call(verb::post, "/api/v1/admin/submissions/" + id + "/reject", R"({"reason":"重複です"})", admin_token).status,
      Status::ok);
  EXPECT_EQ(call(verb::get, url).status, Status::not_found);
  EXPECT_EQ(call(verb::get, thumb).status, Status::not_found);

  const auto second = submit({text("store_name", "審査待ちの店"), text("latitude", std::string(kLat)),
                              text("longitude", std::string(kLng)), image(photo)});
  ASSERT_EQ(second.status, Status::created);
  const std::string pending_url(second.body.at("submission").at("photos").as_array()[0].at("url").as_string());
  ASSERT_EQ(call(verb::get, pending_url).status, Status::ok);
  ASSERT_EQ(call(verb::delete_, "/api/v1/users/withdrawal", R"({"reason":""})", user_token).status, Status::ok);
  EXPECT_EQ(call(verb::get, pending_url).status, Status::not_found);
  EXPECT_EQ(call(verb::get, "/api/v1/admin/submissions?status=pending", {}, admin_token).body.at("total"), 0);
}

TEST_F(SubmissionFlow, BadUploadsAreRefusedWithJapaneseMessages) {
  const auto name = text("store_name", "店");
  const auto lat = text("latitude", std::string(kLat));
  const auto lng = text("longitude", std::string(kLng));

  auto r = submit({name, lat, lng, image("%PDF-1.7\n1 0 obj <<>> endobj\n", "flyer.jpg", "image/jpeg")});
  EXPECT_EQ(r.status, Status::unsupported_media_type);
  EXPECT_EQ(code_of(r), "photo/unsupported-type");
  EXPECT_EQ(error_of(r), msg::kPhotoUnsupportedType);
  r = submit({name, lat, lng, image("ただのテキストです", "memo.txt", "text/plain")});
  EXPECT_EQ(r.status, Status::unsupported_media_type);

  const auto jpeg = as_string(media::testing::make_jpeg(32, 32));
  r = submit({name, lat, lng, image(jpeg), image(jpeg), image(jpeg), image(jpeg)});
  EXPECT_EQ(r.status, Status::payload_too_large);
  EXPECT_EQ(error_of(r), "画像は3枚までアップロードできます。");

  r = submit({lat, lng});
  EXPECT_EQ(r.status, Status::bad_request);
  EXPECT_EQ(error_of(r), msg::kSubmissionNameRequired);
  r = submit({name, text("latitude", "0"), text("longitude", "0")});
  EXPECT_EQ(r.status, Status::bad_request);
  EXPECT_EQ(error_of(r), msg::kSubmissionLatLngZero);
  r = submit({name, text("address", "　")});
  EXPECT_EQ(r.status, Status::bad_request);
  EXPECT_EQ(error_of(r), msg::kSubmissionAddressRequired);
  r = submit({name, text("address", "どこかの駅前")});
  EXPECT_EQ(error_of(r), msg::kSubmissionAddressUnknown);

  r = call(verb::post, "/api/v1/store_submissions", R"({"store_name":"店"})", user_token);
  EXPECT_EQ(r.status, Status::unsupported_media_type);
  EXPECT_EQ(call(verb::post, "/api/v1/store_submissions", multipart_body({name, lat, lng}), {},
                 "multipart/form-data; boundary=" + std::string(kBoundary))
                .status,
            Status::unauthorized);
  EXPECT_EQ(submission_repo.list(SubmissionStatus::kPending, 10, 0).value().total, 0);
}

TEST_F(SubmissionFlow, ABodyOver32MiBIsRefusedBeforeItIsRead) {
  TestClient client(server->port());
  const std::uint64_t too_big = 32ULL * 1024 * 1024 + 1;
  ASSERT_FALSE(client.write_raw("POST /api/v1/store_submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                                user_token +
                                "\r\nContent-Type: multipart/form-data; boundary=" + std::string(kBoundary) +
                                "\r\nContent-Length: " + std::to_string(too_big) + "\r\n\r\n"));
  auto [ec, res] = client.receive();
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(res.result(), Status::payload_too_large);
  // Other routes keep the small JSON limit.
  TestClient json_client(server->port());
  ASSERT_FALSE(
      json_client.write_raw("POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                            "application/json\r\nContent-Length: 1048576\r\n\r\n"));
  auto [ec2, res2] = json_client.receive();
  ASSERT_FALSE(ec2);
  EXPECT_EQ(res2.result(), Status::payload_too_large);
}

TEST_F(SubmissionFlow, PhotoNamesOtherThanAHashAreNotFound) {
  const std::string hex(64, 'a');
  for (const std::string& path :
       std::vector<std::string>{"/photos/" + hex + ".jpg", "/photos/" + std::string(64, 'A') + ".jpg",
                                "/photos/" + hex + ".png", "/photos/aa/" + hex + ".jpg", "/photos/../pokeca.db",
                                "/photos/%2e%2e/pokeca.db", "/photos/" + hex.substr(1) + ".jpg"})
    EXPECT_EQ(call(verb::get, path).status, Status::not_found) << path;
}

// A decoder that crashes: the upload fails with a clear message, the server carries on.
class CrashingWorkerFlow : public SubmissionFlow {
 protected:
  static std::string crashing_worker() {
    const auto path = fs::path(::testing::TempDir()) / "pokeca_submission_segv_worker";
    std::ofstream(path) << "#!/bin/sh\ncat > /dev/null\nkill -SEGV $$\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  }
  CrashingWorkerFlow() : SubmissionFlow(crashing_worker(), std::chrono::milliseconds(5'000)) {}
};

TEST_F(CrashingWorkerFlow, TheUploadFailsAndTheServerStillAnswers) {
  const auto r = submit({text("store_name", "店"), text("latitude", std::string(kLat)),
                         text("longitude", std::string(kLng)), image(as_string(media::testing::make_jpeg(64, 64)))});
  EXPECT_EQ(r.status, Status::unsupported_media_type);
  EXPECT_EQ(code_of(r), "photo/processing-failed");
  EXPECT_EQ(error_of(r), msg::kPhotoProcessingFailed);
  EXPECT_EQ(call(verb::get, "/api/v1/healthz").status, Status::ok);
  EXPECT_EQ(submission_repo.list(SubmissionStatus::kPending, 10, 0).value().total, 0);
}

}  // namespace
}  // namespace pokeca::testing

namespace pokeca::testing {
namespace {

TEST_F(SubmissionFlow, UploadsHaveTheirOwnLaneAndBodyLimit) {
  http::RequestHeader upload;
  upload.method(verb::post);
  upload.target("/api/v1/store_submissions");
  EXPECT_EQ(server->router().plan(upload).lane, http::Lane::kUpload);
  EXPECT_EQ(server->router().plan(upload).body_limit, std::optional<std::uint64_t>(32ULL * 1024 * 1024));
  http::RequestHeader read;
  read.method(verb::get);
  read.target("/api/v1/stores?bbox=1,2,3,4");
  EXPECT_EQ(server->router().plan(read).lane, http::Lane::kNormal);
  EXPECT_EQ(server->router().plan(read).body_limit, std::nullopt);
}

// A decoder that hangs until its timeout: the map keeps answering meanwhile.
class HangingWorkerFlow : public SubmissionFlow {
 protected:
  static std::string hanging_worker() {
    const auto path = fs::path(::testing::TempDir()) / "pokeca_submission_hang_worker";
    std::ofstream(path) << "#!/bin/sh\nexec sleep 60\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  }
  HangingWorkerFlow() : SubmissionFlow(hanging_worker(), std::chrono::milliseconds(3'000)) {}
};

TEST_F(HangingWorkerFlow, TheMapAnswersWhileAnUploadIsDecoding) {
  std::thread uploader([&] {
    const auto r = submit({text("store_name", "店"), text("latitude", std::string(kLat)),
                           text("longitude", std::string(kLng)), image(as_string(media::testing::make_jpeg(64, 64)))});
    EXPECT_EQ(r.status, Status::unsupported_media_type);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the upload is in the worker by now
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(call(verb::get, "/api/v1/stores?bbox=" + std::string(kBbox)).status, Status::ok);
  EXPECT_EQ(call(verb::get, "/api/v1/healthz").status, Status::ok);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  uploader.join();
}

}  // namespace
}  // namespace pokeca::testing

namespace pokeca::testing {
namespace {

// An anonymous upload is refused from its header, before a byte of its
// body is read (the server held 250 × 32 MiB of such bodies before this).
TEST_F(SubmissionFlow, AnAnonymousUploadIs401BeforeItsBodyIsRead) {
  for (const std::string authorization : {"", "Authorization: Bearer not-a-token\r\n"}) {
    TestClient client(server->port());
    const std::uint64_t almost_32_mib = 32ULL * 1024 * 1024 - 1;
    ASSERT_FALSE(client.write_raw("POST /api/v1/store_submissions HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization +
                                  "Content-Type: multipart/form-data; boundary=" + std::string(kBoundary) +
                                  "\r\nContent-Length: " + std::to_string(almost_32_mib) + "\r\n\r\n"));
    const auto started = std::chrono::steady_clock::now();
    auto [ec, res] = client.receive();
    ASSERT_FALSE(ec) << ec.message();
    EXPECT_EQ(res.result(), Status::unauthorized);
    EXPECT_FALSE(res.keep_alive());
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
    const auto closed = client.wait_closed();
    EXPECT_TRUE(closed == boost::asio::error::eof || closed == boost::asio::error::connection_reset)
        << closed.message();
  }
}

// Anonymous posts never take a place on the upload lane, and one account
// has one upload on the way at a time, so neither can make another user's upload 503.
TEST_F(HangingWorkerFlow, AnonymousPostsAndAnotherUsersSecondUploadTakeNoPlaceOnTheUploadLane) {
  const auto photo = [] {
    return std::vector<Part>{text("store_name", "店"), text("latitude", std::string(kLat)),
                             text("longitude", std::string(kLng)), image(as_string(media::testing::make_jpeg(64, 64)))};
  };
  std::thread first([&] { EXPECT_EQ(submit(photo()).status, Status::unsupported_media_type); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // in the (hanging) decoder by now

  // The same account again: refused at once, without waiting for the lane.
  const auto started = std::chrono::steady_clock::now();
  const auto again = submit(photo());
  EXPECT_EQ(again.status, Status::service_unavailable);
  EXPECT_EQ(again.raw[field::retry_after], "1");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));

  // Anonymous empty multipart posts, more than the lane's queue holds: each is answered
  // 401 from its header.
  const std::string empty = multipart_body({});
  std::vector<std::unique_ptr<TestClient>> anonymous;
  for (unsigned i = 0; i < http::kDefaultUploadLaneQueueLimit * 3; ++i) {
    anonymous.push_back(std::make_unique<TestClient>(server->port()));
    ASSERT_FALSE(anonymous.back()->write_raw(
        "POST /api/v1/store_submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=" +
        std::string(kBoundary) + "\r\nContent-Length: " + std::to_string(empty.size()) + "\r\n\r\n" + empty));
  }
  for (auto& client : anonymous) EXPECT_EQ(client->receive().second.result(), Status::unauthorized);

  // Another account's upload waits its turn on the lane instead of being turned away.
  const auto other = submit(photo(), admin_token);
  EXPECT_EQ(other.status, Status::unsupported_media_type);  // the hanging decoder's answer, not 503
  first.join();
}

}  // namespace
}  // namespace pokeca::testing
