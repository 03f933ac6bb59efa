#pragma once
// The personal contract tests' fixture (favourites, the mail queue and alerts, search and
// activity): five stores in Tokyo and Osaka, two accounts with verified e-mail and alerts on.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "backend.hpp"
#include "storage_fixture.hpp"

namespace pokeca::storage::testing {

template <class Backend>
class PersonalStorageTest : public testing::BackendTest<Backend> {
 protected:
  PersonalStorageTest() {
    auto ikebukuro = make_store(1, "ポケモンセンターメガトウキョー", "pokemon_center", "tokyo", {35.7289, 139.7193});
    ikebukuro.city = "豊島区";
    auto umeda = make_store(2, "ヨドバシカメラ マルチメディア梅田", "electronics", "osaka", {34.7040, 135.4960});
    umeda.city = "大阪市";
    auto shinjuku = make_store(3, "カードラボ新宿店", "card_shop", "tokyo", {35.6938, 139.7036});
    auto mejiro = make_store(4, "ポケモンカード専門店 目白", "card_shop", "tokyo", {35.7210, 139.7066});
    mejiro.city = "豊島区";
    auto far = make_store(5, "ポケモンカード館 渋谷", "card_shop", "tokyo", {35.6580, 139.7016});
    far.city = "渋谷区";
    EXPECT_TRUE(this->stores.insert_many(std::vector{ikebukuro, umeda, shinjuku, mejiro, far}));
    this->alice = this->make_user("alice@example.com");
    this->bob = this->make_user("bob@example.com");
  }

  UserId make_user(std::string email, bool alerts = true, bool verified = true) {
    const auto id = this->users.create({std::move(email), "ピカ", "東京都", "hash", kNow}).value().id;
    if (verified) {
      EXPECT_TRUE(this->users.mark_email_verified(id, kNow));
    }
    if (alerts) {
      EXPECT_TRUE(this->users.set_favorite_alerts(id, true));
    }
    return id;
  }

  void sql(const std::string& text) { ASSERT_TRUE(this->backend.exec_sql(text)); }

  std::int64_t count(const std::string& text) { return this->backend.sql_int(text); }

  static MailMessage message(std::string key, std::optional<UserId> user = std::nullopt) {
    MailMessage m;
    m.idempotency_key = std::move(key);
    m.kind = "test";
    m.user_id = user;
    m.mail = Mail{"to@example.com", "件名", "本文", "http://localhost/api/v1/alerts/unsubscribe?token=t"};
    return m;
  }

  AlertMail alert(UserId user, StoreId store, ReportId report) {
    return {user, store, report, this->message("alert:" + std::to_string(report) + ":" + std::to_string(user), user)};
  }

  UserId alice = 0, bob = 0;
};
}  // namespace pokeca::storage::testing
