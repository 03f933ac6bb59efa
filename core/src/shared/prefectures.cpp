#include "pokeca/shared/prefectures.hpp"

#include <array>

namespace pokeca {
namespace {

constexpr std::array<Region, kRegionCount> kRegions{{
    {"hokkaido", "北海道"},
    {"tohoku", "東北"},
    {"kanto", "関東"},
    {"chubu", "中部"},
    {"kinki", "近畿"},
    {"chugoku", "中国"},
    {"shikoku", "四国"},
    {"kyushu", "九州"},
    {"okinawa", "沖縄"},
}};

// Values from data/prefectures.tsv (tools/data/build_gazetteer.mjs).
// Centres sit on the main populated part (Tokyo without its islands, Kagoshima
// without Amami); zoom fits that part on a ~400 px wide phone map.
constexpr std::array<Prefecture, kPrefectureCount> kPrefectures{{
    {"hokkaido", "北海道", "hokkaido", {43.28, 142.20}, 6}, {"aomori", "青森県", "tohoku", {40.79, 140.89}, 8},
    {"iwate", "岩手県", "tohoku", {39.65, 141.43}, 8},      {"miyagi", "宮城県", "tohoku", {38.33, 140.95}, 8},
    {"akita", "秋田県", "tohoku", {39.81, 140.29}, 8},      {"yamagata", "山形県", "tohoku", {38.47, 140.18}, 9},
    {"fukushima", "福島県", "tohoku", {37.39, 140.34}, 8},  {"ibaraki", "茨城県", "kanto", {36.21, 140.27}, 8},
    {"tochigi", "栃木県", "kanto", {36.57, 139.92}, 9},     {"gunma", "群馬県", "kanto", {36.39, 139.06}, 8},
    {"saitama", "埼玉県", "kanto", {35.98, 139.47}, 9},     {"chiba", "千葉県", "kanto", {35.57, 140.21}, 8},
    {"tokyo", "東京都", "kanto", {35.69, 139.64}, 10},      {"kanagawa", "神奈川県", "kanto", {35.36, 139.33}, 9},
    {"niigata", "新潟県", "chubu", {37.54, 138.92}, 8},     {"toyama", "富山県", "chubu", {36.76, 137.22}, 9},
    {"ishikawa", "石川県", "chubu", {36.82, 136.74}, 9},    {"fukui", "福井県", "chubu", {35.85, 136.11}, 9},
    {"yamanashi", "山梨県", "chubu", {35.58, 138.68}, 9},   {"nagano", "長野県", "chubu", {36.11, 138.07}, 8},
    {"gifu", "岐阜県", "chubu", {35.50, 136.91}, 8},        {"shizuoka", "静岡県", "chubu", {34.93, 138.54}, 8},
    {"aichi", "愛知県", "chubu", {35.07, 137.02}, 8},       {"mie", "三重県", "kinki", {34.58, 136.49}, 8},
    {"shiga", "滋賀県", "kinki", {35.14, 136.14}, 9},       {"kyoto", "京都府", "kinki", {35.06, 135.61}, 8},
    {"osaka", "大阪府", "kinki", {34.62, 135.51}, 10},      {"hyogo", "兵庫県", "kinki", {34.91, 134.89}, 8},
    {"nara", "奈良県", "kinki", {34.47, 135.82}, 9},        {"wakayama", "和歌山県", "kinki", {33.94, 135.42}, 9},
    {"tottori", "鳥取県", "chugoku", {35.41, 133.73}, 8},   {"shimane", "島根県", "chugoku", {35.02, 132.50}, 8},
    {"okayama", "岡山県", "chugoku", {34.82, 133.86}, 9},   {"hiroshima", "広島県", "chugoku", {34.46, 132.75}, 8},
    {"yamaguchi", "山口県", "chugoku", {34.08, 131.70}, 8}, {"tokushima", "徳島県", "shikoku", {33.99, 134.38}, 9},
    {"kagawa", "香川県", "shikoku", {34.29, 133.95}, 9},    {"ehime", "愛媛県", "shikoku", {33.64, 132.80}, 8},
    {"kochi", "高知県", "shikoku", {33.41, 133.47}, 8},     {"fukuoka", "福岡県", "kyushu", {33.57, 130.66}, 8},
    {"saga", "佐賀県", "kyushu", {33.27, 130.18}, 9},       {"nagasaki", "長崎県", "kyushu", {32.98, 129.90}, 9},
    {"kumamoto", "熊本県", "kyushu", {32.66, 130.76}, 8},   {"oita", "大分県", "kyushu", {33.30, 131.49}, 8},
    {"miyazaki", "宮崎県", "kyushu", {32.18, 131.32}, 8},   {"kagoshima", "鹿児島県", "kyushu", {31.61, 130.61}, 9},
    {"okinawa", "沖縄県", "okinawa", {26.38, 127.85}, 9},
}};

}  // namespace

std::span<const Region> all_regions() { return kRegions; }
std::span<const Prefecture> all_prefectures() { return kPrefectures; }

const Prefecture* find_prefecture(std::string_view code) {
  for (const auto& p : kPrefectures)
    if (p.code == code) return &p;
  return nullptr;
}

const Prefecture* find_prefecture_by_name(std::string_view japanese_name) {
  for (const auto& p : kPrefectures)
    if (p.name == japanese_name) return &p;
  return nullptr;
}

std::string_view prefecture_code_from_name(std::string_view japanese_name) {
  const auto* p = find_prefecture_by_name(japanese_name);
  return p ? p->code : std::string_view{};
}

}  // namespace pokeca
