#pragma once
// Texts of the pages the server writes itself for search engines and link previews
// (share cards, sitemaps). Kept apart from messages.hpp so that adding one does not
// rebuild every file; the same rules apply: natural Japanese, one place.
#include <string_view>

namespace pokeca::msg {

inline constexpr std::string_view kSiteName = "ポケカ販売店マップ";
inline constexpr std::string_view kSiteDescription =
    "ポケモンカードのパック・BOX・シングルが買えるお店を地図で探せる非公式ファンサイト。全国の販売店と最新の購入報告を"
    "チェック。";
// {name} = 東京都
inline constexpr std::string_view kPrefectureCardTitle = "{name}のポケカ販売店マップ";
inline constexpr std::string_view kPrefectureCardDescription =
    "{name}でポケモンカードのパック・BOX・シングルが買えるお店を地図で探せます。最新の購入報告もチェックできます。";
// {place} = 東京都千代田区, {type} = カードショップ
inline constexpr std::string_view kStoreCardDescription =
    "{place}の{type}。ポケモンカードの取り扱いや最新の購入報告を地図で確認できます。";
inline constexpr std::string_view kTitleSeparator = " | ";

}  // namespace pokeca::msg
