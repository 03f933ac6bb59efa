// Bbox lists from each store's kept JSON fragment. The answers must be
// byte for byte those written from full rows, before and after every kind of write, and a
// write, once acknowledged, is never contradicted by a fragment — checked on real SQLite,
// through the router and over a loopback socket with readers racing the writes.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "contribution_fakes.hpp"
#include "pokeca/http/http_server.hpp"
#include "pokeca/http/store_fragments.hpp"
#include "pokeca/storage/sqlite/database.hpp"
#include "pokeca/storage/sqlite/sqlite_report_repository.hpp"
#include "pokeca/storage/sqlite/sqlite_store_repository.hpp"
#include "real_accounts.hpp"
#include "router_fixture.hpp"
#include "test_client.hpp"

namespace pokeca::testing {
namespace {

using http::StoreFragments;

TEST(StoreFragments, KeepsFindsAndForgets) {
  StoreFragments f;
  EXPECT_EQ(f.find(1), nullptr);
  f.put(1, f.epoch(), R"({"id":1})");
  ASSERT_NE(f.find(1), nullptr);
  EXPECT_EQ(*f.find(1), R"({"id":1})");
  const auto held = f.find(1);
  const std::int64_t changed[] = {1, 99};
  f.forget(changed);
  EXPECT_EQ(f.find(1), nullptr);
  EXPECT_EQ(*held, R"({"id":1})");  // a reader that holds it keeps its bytes
}

TEST(StoreFragments, ForgettingAllDropsEveryStoreAndAnyFragmentBuiltBefore) {
  StoreFragments f;
  f.put(1, f.epoch(), "one");
  f.put(5000, f.epoch(), "five thousand");  // on another page
  const auto before = f.epoch();
  const auto held = f.find(5000);
  f.forget_all();
  EXPECT_EQ(f.find(1), nullptr);
  EXPECT_EQ(f.find(5000), nullptr);
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(f.evictions(), 2u);
  EXPECT_EQ(*held, "five thousand");
  f.put(2, before, "built before");
  EXPECT_EQ(f.find(2), nullptr);
}

TEST(StoreFragments, NeverKeepsAFragmentBuiltBeforeAChange) {
  StoreFragments f;
  const auto before = f.epoch();
  const std::int64_t changed[] = {7};
  f.forget(changed);  // any store's change: the snapshot read at `before` may be old
  f.put(1, before, "old");
  EXPECT_EQ(f.find(1), nullptr);
  f.put(1, f.epoch(), "new");
  EXPECT_EQ(*f.find(1), "new");
}

// A bbox list reads its kept stores without a lock; what it found stays
// valid while its Reader lives, and a change of those stores waits for it.
TEST(StoreFragments, AReadersStoresStayValidUntilItEnds) {
  StoreFragments f;
  f.put(1, f.epoch(), R"({"id":1})", StoreListFacts{});
  f.put(2, f.epoch(), R"({"id":2})");  // no facts: not for lists
  std::atomic<bool> forgotten{false};
  std::thread writer;
  {
    const StoreFragments::Reader reader(f);
    const auto* kept = reader.find_kept(1);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(reader.find_kept(2), nullptr);
    EXPECT_EQ(reader.find_kept(3), nullptr);
    const auto epoch = reader.epoch();
    writer = std::thread([&] {
      const std::int64_t changed[] = {1};
      f.forget(changed);
      forgotten = true;
    });
    // The change is visible at once (the epoch moves after the store is unlinked): a
    // Reader that starts now does not find it, though forget() still waits for `reader`.
    for (int i = 0; i < 2000 && f.epoch() == epoch; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_NE(f.epoch(), epoch);
    {
      const StoreFragments::Reader later(f);
      EXPECT_EQ(later.find_kept(1), nullptr);
      EXPECT_EQ(later.epoch(), f.epoch());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_FALSE(forgotten);  // waits for the reader before freeing what it may hold
    EXPECT_EQ(kept->json, R"({"id":1})");
    EXPECT_EQ(reader.epoch(), epoch);
  }
  writer.join();
  EXPECT_TRUE(forgotten);
  EXPECT_EQ(f.find_kept(1), nullptr);
}

// Two misses on two CPUs read at the same time (no lock among readers).
TEST(StoreFragments, ReadersDoNotWaitForEachOther) {
  StoreFragments f;
  f.put(1, f.epoch(), R"({"id":1})", StoreListFacts{});
  const StoreFragments::Reader first(f);
  ASSERT_NE(first.find_kept(1), nullptr);
  auto second = std::async(std::launch::async, [&] {
    const StoreFragments::Reader reader(f);
    return reader.find_kept(1) != nullptr;
  });
  ASSERT_EQ(second.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_TRUE(second.get());
}

TEST(StoreFragments, KeepsOnlyIdsOfTheTableAndTheFirstStoreWithFacts) {
  StoreFragments f;
  for (const std::int64_t id : {std::int64_t{0}, std::int64_t{-1}, http::kMaxKeptStoreId})
    f.put(id, f.epoch(), "x", StoreListFacts{});
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(f.find(http::kMaxKeptStoreId), nullptr);
  f.put(http::kMaxKeptStoreId - 1, f.epoch(), "last", StoreListFacts{});
  ASSERT_NE(f.find_kept(http::kMaxKeptStoreId - 1), nullptr);
  EXPECT_EQ(f.find_kept(http::kMaxKeptStoreId - 1)->json, "last");

  f.put(5, f.epoch(), "json only");
  EXPECT_EQ(f.find_kept(5), nullptr);
  f.put(5, f.epoch(), "with facts", StoreListFacts{});  // replaces the JSON-only one
  ASSERT_NE(f.find_kept(5), nullptr);
  EXPECT_EQ(f.find_kept(5)->json, "with facts");
  f.put(5, f.epoch(), "again", StoreListFacts{});  // the same store since the last change: kept as is
  EXPECT_EQ(f.find_kept(5)->json, "with facts");
  EXPECT_EQ(f.size(), 2u);
}

// Real threads: readers check every store they find against itself (its JSON names its
// id and the version its facts carry) and keep it a while, as a miss does, while a writer
// keeps replacing and forgetting them. A fragment freed under a Reader is a
// heap-use-after-free for the sanitize build; a store found after its forget() returned
// fails the writer's own check.
TEST(StoreFragments, ConcurrentReadersAndWritersNeverSeeAFreedOrForgottenStore) {
  StoreFragments f;
  constexpr std::int64_t kIds = 48;
  constexpr int kRounds = 600;
  std::atomic<bool> done{false};
  std::atomic<long> found{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 2; ++r)
    readers.emplace_back([&] {
      while (!done) {
        const StoreFragments::Reader reader(f);
        std::vector<const StoreFragments::KeptStore*> held;
        for (std::int64_t id = 1; id <= kIds; ++id)
          if (const auto* kept = reader.find_kept(id)) held.push_back(kept);
        std::this_thread::yield();
        for (const auto* kept : held) {
          EXPECT_EQ(kept->json, std::to_string(kept->id) + ":" + kept->facts->store_type);
          ++found;
        }
      }
    });
  for (int round = 0; round < kRounds; ++round) {
    const auto epoch = f.epoch();
    for (std::int64_t id = 1; id <= kIds; ++id) {
      StoreListFacts facts;
      facts.store_type = "v" + std::to_string(round);
      f.put(id, epoch, std::to_string(id) + ":" + facts.store_type, facts);
    }
    std::vector<std::int64_t> changed;
    for (std::int64_t id = 1 + round % 2; id <= kIds; id += 2) changed.push_back(id);
    f.forget(changed);
    const StoreFragments::Reader after(f);
    for (const auto id : changed) ASSERT_EQ(after.find_kept(id), nullptr) << "round " << round << " id " << id;
  }
  done = true;
  for (auto& t : readers) t.join();
  EXPECT_GT(found.load(), 0);
  EXPECT_LE(f.size(), static_cast<std::size_t>(kIds));
}

TEST(StoreFragments, StaysBounded) {
  StoreFragments f;
  for (std::int64_t id = 1; id <= static_cast<std::int64_t>(http::kMaxStoreFragments) + 10; ++id)
    f.put(id, f.epoch(), "x");
  EXPECT_LE(f.size(), http::kMaxStoreFragments);
  EXPECT_NE(f.find(static_cast<std::int64_t>(http::kMaxStoreFragments) + 10), nullptr);
}

// 21 × 21 active stores on a grid around Tokyo Station plus a few odd ones; two routers
// over the same file, one with fragments (wired like apps/server) and one without, and
// neither with a response cache, so every request runs the handler.
struct FragmentRig {
  TempDir dir;
  storage::Database db{dir.path() / "pokeca.db"};
  storage::SqliteStoreRepository stores{db};
  storage::SqliteReportRepository reports{db};
  FakeClock clock;
  StoreService service{stores, reports, clock};
  RealAccounts accounts{db, clock};
  FakeContributions fakes{stores, reports, accounts.limiter, clock};
  std::shared_ptr<http::MapReadModel> read_model;
  http::Router plain{fakes.services(service, accounts.auth), {}};
  std::unique_ptr<http::Router> with_fragments;

  explicit FragmentRig(bool response_cache = false) {
    std::vector<Store> grid;
    StoreId id = 1;
    for (int i = 0; i < 21; ++i)
      for (int j = 0; j < 21; ++j) {
        auto s = sample_store(id, "店" + std::to_string(id), id % 3 ? "card_shop" : "toy_store", "tokyo", "千代田区",
                              35.671 + i * 0.001, 139.757 + j * 0.001);
        s.sells = {id % 2 == 0, std::nullopt, id % 5 == 0};
        if (id % 7 == 0) {
          s.last_report_at = kTestNow - 3600;
          s.last_report_kind = ReportKind::kBought;
          s.latest_by_product[product_index(Product::kPack)] =
              LatestReport{kTestNow - 3600, id % 21 == 0 ? ReportKind::kSoldOut : ReportKind::kBought};
        }
        grid.push_back(std::move(s));
        ++id;
      }
    EXPECT_TRUE(stores.insert_many(grid));
    http::RouterConfig config;
    read_model = std::make_shared<http::MapReadModel>(db, http::MapReadModelOptions{.response_cache = response_cache});
    config.read_model = read_model;
    with_fragments = std::make_unique<http::Router>(fakes.services(service, accounts.auth), config);
  }

  void exec(const std::string& sql) {
    auto lease = db.acquire();
    ASSERT_TRUE(lease.connection().exec(sql)) << sql;
  }
};

constexpr const char* kTargets[] = {
    "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&limit=300",  // truncated
    "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&limit=500",
    "/api/v1/stores?bbox=139.760,35.675,139.765,35.680",  // a small part: mixed later
    "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&type=toy_store&product=pack",
    "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&reported_within_hours=24",
    "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&product=packs&reported_within_hours=24",
    "/api/v1/stores?bbox=130.0,30.0,130.1,30.1",  // empty
    "/api/v1/stores?prefecture=tokyo&limit=50",   // not a bbox: full rows
    "/api/v1/stores?lat=35.68&lng=139.767&radius_km=1&limit=20",
};

void expect_same_answers(FragmentRig& rig, const std::string& when) {
  for (const auto* target : kTargets) {
    const auto want = serve(rig.plain, get_request(target));
    const auto got = serve(*rig.with_fragments, get_request(target));
    ASSERT_EQ(got.result(), want.result()) << when << " " << target;
    EXPECT_EQ(got.body(), want.body()) << when << " " << target;
  }
}

TEST(StoreFragmentLists, AreByteIdenticalToFullRowsBeforeAndAfterEveryKindOfWrite) {
  FragmentRig rig;
  expect_same_answers(rig, "cold");
  EXPECT_GT(rig.read_model->kept_store_count(), 400u);  // the bbox lists kept their stores
  expect_same_answers(rig, "warm");

  // A mix: only the small box warm, then the big one reads most stores by id.
  {
    FragmentRig fresh;
    (void)serve(*fresh.with_fragments, get_request(kTargets[2]));
    const auto kept = fresh.read_model->kept_store_count();
    EXPECT_GT(kept, 0u);
    expect_same_answers(fresh, "partly warm");
  }

  rig.exec("UPDATE stores SET name = '改名\"した\\店' WHERE id = 5");
  expect_same_answers(rig, "renamed");
  rig.exec("UPDATE stores SET lat = 35.6905, lng = 139.7005 WHERE id = 6");  // moved out of the box
  expect_same_answers(rig, "moved out");
  rig.exec("UPDATE stores SET lat = 35.672, lng = 139.758 WHERE id = 6");  // and back, elsewhere
  expect_same_answers(rig, "moved back");
  rig.exec("UPDATE stores SET status = 'hidden' WHERE id = 8");
  expect_same_answers(rig, "hidden");
  rig.exec("UPDATE stores SET last_report_at = " + std::to_string(kTestNow - 60) +
           ", last_report_kind = 'sold_out' WHERE id = 9");
  expect_same_answers(rig, "reported");
  rig.exec("UPDATE stores SET last_pack_at = " + std::to_string(kTestNow - 60) +
           ", last_pack_kind = 'sold_out' WHERE id = 14");
  expect_same_answers(rig, "a product reported");
  rig.exec("UPDATE stores SET sells_packs = 1, store_type = 'toy_store' WHERE id = 10");
  expect_same_answers(rig, "filters changed");
  rig.exec("DELETE FROM stores WHERE id = 11");
  expect_same_answers(rig, "deleted");
  rig.exec("BEGIN; UPDATE stores SET name = 'ロールバック' WHERE id = 12; ROLLBACK;");
  expect_same_answers(rig, "rolled back");
  auto added = sample_store(1000, "新しい店", "card_shop", "tokyo", "千代田区", 35.6805, 139.7665);
  ASSERT_TRUE(rig.stores.insert_many(std::vector{added}));
  expect_same_answers(rig, "inserted");
}

// A list cut at its limit keeps the stores nearest the box's centre, nearest first, equal
// distances by smaller id (the grid is symmetric: many ties): from full rows (in_bbox by
// SQL) and from the kept fragments (the scan over the R*Tree's copy), cold and warm.
TEST(StoreFragmentLists, ACutListIsTheNearestToTheCentreInThatOrder) {
  FragmentRig rig;
  for (const auto* target : {"/api/v1/stores?bbox=139.757,35.671,139.777,35.691&limit=300",
                             "/api/v1/stores?bbox=139.760,35.675,139.770,35.681&limit=7",
                             "/api/v1/stores?bbox=139.758,35.672,139.771,35.690&limit=1"}) {
    const auto query = std::string_view(target).substr(std::string_view(target).find('?') + 1);
    const auto bbox = query.substr(5, query.find('&') - 5);
    const auto box = parse_bbox(bbox).value();
    const auto limit = static_cast<std::size_t>(std::stoi(std::string(query.substr(query.rfind('=') + 1))));
    const BoxOrder order(box);
    std::vector<std::pair<double, StoreId>> listed;
    for (StoreId id = 1; id <= 441; ++id) {
      const auto s = rig.stores.find(id).value();
      if (!s || !box.contains(s->location)) continue;
      listed.emplace_back(order.key(s->location), id);
    }
    ASSERT_GT(listed.size(), limit) << target;
    std::ranges::sort(
        listed, [](const auto& a, const auto& b) { return BoxOrder::before(a.first, a.second, b.first, b.second); });
    std::vector<std::int64_t> want;
    for (std::size_t i = 0; i < limit; ++i) want.push_back(listed[i].second);
    for (const auto* router : {&rig.plain, rig.with_fragments.get(), rig.with_fragments.get()}) {
      const auto res = serve(*router, get_request(target));
      ASSERT_EQ(res.result(), http::Status::ok) << target;
      const auto body = boost::json::parse(res.body()).as_object();
      EXPECT_EQ(body.at("truncated"), true) << target;
      std::vector<std::int64_t> got;
      for (const auto& s : body.at("data").as_array()) got.push_back(s.at("id").as_int64());
      EXPECT_EQ(got, want) << target << (router == &rig.plain ? " (full rows)" : " (fragments)");
    }
  }
}

// Readers race the writes through the response cache and the fragments over a loopback
// socket; after each acknowledged write a fresh request (a cached URL and a never-asked
// one) must agree with it: store 5 hidden or back under a new name, store 6 moved away or back.
TEST(StoreFragmentLists, AReaderNeverSeesAStoreHiddenMovedOrRenamedBeforeAnAcknowledgedWrite) {
  FragmentRig rig(/*response_cache=*/true);
  http::HttpServerConfig config;
  config.port = 0;
  config.access_log = [](std::string_view) {};
  http::HttpServer server(*rig.with_fragments, config);
  server.start();
  const std::string box = "/api/v1/stores?bbox=139.757,35.671,139.777,35.691&limit=500";

  std::atomic<bool> done{false};
  std::vector<std::thread> readers;
  for (int r = 0; r < 2; ++r)
    readers.emplace_back([&, r] {
      int n = 0;
      while (!done) {
        try {  // the server closes a keep-alive connection after its request quota: reconnect
          TestClient c(server.port());
          while (!done) {
            (void)c.get(box);
            (void)c.get(box + "&_=r" + std::to_string(r) + "-" + std::to_string(++n));
          }
        } catch (const boost::system::system_error&) {
        }
      }
    });

  constexpr int kRounds = 40;
  for (int round = 0; round < kRounds; ++round) {
    const bool away = round % 2 == 0;
    const std::string name = "名前" + std::to_string(round);
    rig.exec(away ? "UPDATE stores SET status = 'hidden' WHERE id = 5"
                  : "UPDATE stores SET status = 'active', name = '" + name + "' WHERE id = 5");
    rig.exec(away ? "UPDATE stores SET lat = 35.6905, lng = 139.7005 WHERE id = 6"
                  : "UPDATE stores SET lat = 35.672, lng = 139.758, name = '" + name + "' WHERE id = 6");
    // Acknowledged: from now on every answer agrees with it.
    for (const auto& target : {box, box + "&_=w" + std::to_string(round)}) {
      TestClient c(server.port());
      const auto res = c.get(target);
      ASSERT_EQ(res.result(), http::Status::ok);
      const auto data = boost::json::parse(res.body()).at("data").as_array();
      bool saw5 = false, saw6 = false;
      for (const auto& s : data) {
        const auto id = s.at("id").as_int64();
        if (id == 5) {
          saw5 = true;
          EXPECT_EQ(str(s.at("name")), name) << "round " << round << " " << target;
        }
        if (id == 6) {
          saw6 = true;
          EXPECT_EQ(str(s.at("name")), name) << "round " << round << " " << target;
          EXPECT_EQ(s.at("lat").as_double(), 35.672) << "round " << round;
        }
      }
      EXPECT_EQ(saw5, !away) << "round " << round << " " << target;
      EXPECT_EQ(saw6, !away) << "round " << round << " " << target;
    }
  }
  done = true;
  for (auto& t : readers) t.join();
  server.stop();
  EXPECT_GT(rig.read_model->kept_store_count(), 400u);
}

}  // namespace
}  // namespace pokeca::testing
