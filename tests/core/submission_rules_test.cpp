// SPEC.md §5 and §9 on the server: each limit has a test that fails if it changes.
#include "pokeca/contributions/submission_rules.hpp"

#include <gtest/gtest.h>

#include "pokeca/embedded_data.hpp"
#include "pokeca/shared/messages.hpp"

namespace pokeca {
namespace {

const Gazetteer& gazetteer() {
  static const Gazetteer g = *Gazetteer::from_tsv(data::kGazetteerTsv);
  return g;
}

SubmissionForm gps_form(std::string lat = "35.6852", std::string lng = "139.7528") {
  SubmissionForm f;
  f.store_name = "カードショップ東京";
  f.latitude = std::move(lat);
  f.longitude = std::move(lng);
  return f;
}

SubmissionForm address_form(std::string address) {
  SubmissionForm f;
  f.store_name = "カードショップ新宿";
  f.address = std::move(address);
  return f;
}

std::string error_of(const Result<SubmissionDraft>& r) { return r ? std::string("(ok)") : r.error().message; }

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

TEST(SubmissionRules, GpsPlacesAtThePointWithItsMunicipality) {
  const auto draft = check_submission_form(gps_form(), gazetteer());
  ASSERT_TRUE(draft) << draft.error().message;
  EXPECT_EQ(draft->method, LocationMethod::kGps);
  EXPECT_EQ(draft->place.precision, LocationPrecision::kExact);
  EXPECT_EQ(draft->place.prefecture, "tokyo");
  EXPECT_EQ(draft->place.city, "千代田区");
  EXPECT_DOUBLE_EQ(draft->place.location.lat, 35.6852);
  EXPECT_EQ(draft->store_name, "カードショップ東京");
}

TEST(SubmissionRules, GpsNeedsBothNonZeroPlainDecimalsInJapan) {
  EXPECT_EQ(error_of(check_submission_form(gps_form("35.6", ""), gazetteer())), msg::kSubmissionLatLngIncomplete);
  EXPECT_EQ(error_of(check_submission_form(gps_form("", "139.7"), gazetteer())), msg::kSubmissionLatLngIncomplete);
  EXPECT_EQ(error_of(check_submission_form(gps_form("0", "0"), gazetteer())), msg::kSubmissionLatLngZero);
  EXPECT_EQ(error_of(check_submission_form(gps_form("35.6", "0.0"), gazetteer())), msg::kSubmissionLatLngZero);
  EXPECT_EQ(error_of(check_submission_form(gps_form("0x23", "139.7"), gazetteer())), msg::kSubmissionLatLngNotNumber);
  EXPECT_EQ(error_of(check_submission_form(gps_form("nan", "139.7"), gazetteer())), msg::kSubmissionLatLngNotNumber);
  EXPECT_EQ(error_of(check_submission_form(gps_form("1e1", "139.7"), gazetteer())), msg::kSubmissionLatLngNotNumber);
  EXPECT_EQ(error_of(check_submission_form(gps_form("48.85", "2.35"), gazetteer())), msg::kSubmissionOutsideJapan);
  // Busan is inside Japan's box, but far from every municipality.
  EXPECT_EQ(error_of(check_submission_form(gps_form("35.1796", "129.0756"), gazetteer())),
            msg::kSubmissionOutsideJapan);
  EXPECT_EQ(error_of(check_submission_form(gps_form("135.0", "35.0"), gazetteer())), msg::kSubmissionOutsideJapan);
}

TEST(SubmissionRules, AddressPlacesAtTheMunicipalityOrPrefecture) {
  auto draft = check_submission_form(address_form("東京都新宿区西新宿2-8-1"), gazetteer());
  ASSERT_TRUE(draft) << draft.error().message;
  EXPECT_EQ(draft->method, LocationMethod::kAddress);
  EXPECT_EQ(draft->place.precision, LocationPrecision::kMunicipality);
  EXPECT_EQ(draft->place.city, "新宿区");
  EXPECT_EQ(draft->address, "東京都新宿区西新宿2-8-1");

  draft = check_submission_form(address_form("　大阪府のどこか "), gazetteer());
  ASSERT_TRUE(draft) << draft.error().message;
  EXPECT_EQ(draft->place.precision, LocationPrecision::kPrefecture);
  EXPECT_EQ(draft->place.prefecture, "osaka");
  EXPECT_EQ(draft->place.city, "");
  EXPECT_EQ(draft->address, "大阪府のどこか");

  EXPECT_EQ(error_of(check_submission_form(address_form("駅前1-2-3"), gazetteer())), msg::kSubmissionAddressUnknown);
  EXPECT_EQ(error_of(check_submission_form(address_form("府中市宮町1"), gazetteer())),  // two prefectures have one
            msg::kSubmissionAddressUnknown);
  EXPECT_EQ(error_of(check_submission_form(address_form(" 　 "), gazetteer())), msg::kSubmissionAddressRequired);
  SubmissionForm nothing;
  nothing.store_name = "店";
  EXPECT_EQ(error_of(check_submission_form(nothing, gazetteer())), msg::kSubmissionNeedLocation);
}

TEST(SubmissionRules, NameIsRequiredAndAtMost100CharactersAfterTrimming) {
  EXPECT_EQ(kMaxSubmissionNameChars, 100u);
  auto form = gps_form();
  form.store_name = "　 \t";
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), msg::kSubmissionNameRequired);
  form.store_name.reset();
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), msg::kSubmissionNameRequired);
  form.store_name = "　" + repeat("店", 100) + "　";  // full-width spaces do not count
  ASSERT_TRUE(check_submission_form(form, gazetteer()));
  form.store_name = repeat("店", 101);
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), "店舗名は100文字以内で入力してください。");
  form.store_name = "店\n名";
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), "「店舗名」に使用できない文字が含まれています。");
}

TEST(SubmissionRules, AddressAndCommentLimits) {
  EXPECT_EQ(kMaxSubmissionAddressChars, 200u);
  EXPECT_EQ(kMaxSubmissionCommentChars, 1000u);
  auto form = address_form("東京都新宿区" + repeat("丁", 194));
  EXPECT_TRUE(check_submission_form(form, gazetteer()));
  form.address = "東京都新宿区" + repeat("丁", 195);
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), "住所は200文字以内で入力してください。");

  form = gps_form();
  form.comment = repeat("あ", 999) + "\n";  // line breaks are fine in a comment (and trimmed)
  EXPECT_TRUE(check_submission_form(form, gazetteer()));
  form.comment = repeat("あ", 1001);
  EXPECT_EQ(error_of(check_submission_form(form, gazetteer())), "コメントは1000文字以内で入力してください。");
}

TEST(SubmissionRules, RejectReasonRequiredAndAtMost500) {
  EXPECT_EQ(kMaxRejectReasonChars, 500u);
  EXPECT_EQ(check_reject_reason(" ").error().message, msg::kRejectReasonRequired);
  EXPECT_TRUE(check_reject_reason(repeat("理", 500)));
  EXPECT_EQ(check_reject_reason(repeat("理", 501)).error().message, "却下の理由は500文字以内で入力してください。");
}

TEST(SubmissionRules, PointsAreOneOrFiveWithPhotos) {
  EXPECT_EQ(points_for(0), 1);
  EXPECT_EQ(points_for(1), 5);
  EXPECT_EQ(points_for(3), 5);
}

TEST(SubmissionRules, DuplicatesAreNearbyStoresWithTheSameName) {
  EXPECT_DOUBLE_EQ(kDuplicateRadiusMeters, 150.0);
  Submission s;
  s.store_name = "ｶｰﾄﾞﾗﾎﾞ 秋葉原店";
  s.location = {35.7, 139.77};
  const auto store = [](StoreId id, std::string name) {
    Store st;
    st.id = id;
    st.name = std::move(name);
    return st;
  };
  const std::vector<StoreWithDistance> nearby{{store(1, "カードラボ秋葉原店"), 0.149},
                                              {store(2, "カードラボ"), 0.020},
                                              {store(3, "カードラボ秋葉原店"), 0.151},  // too far
                                              {store(4, "ドラゴンスター"), 0.010}};
  const auto dups = find_duplicates(s, nearby);
  ASSERT_EQ(dups.size(), 2u);
  EXPECT_EQ(dups[0].store.id, 2);  // nearest first
  EXPECT_NEAR(dups[0].distance_m, 20.0, 1e-9);
  EXPECT_EQ(dups[1].store.id, 1);
  s.store_id = 2;  // the store this submission created is not its own duplicate
  EXPECT_EQ(find_duplicates(s, nearby).size(), 1u);
}

}  // namespace
}  // namespace pokeca
