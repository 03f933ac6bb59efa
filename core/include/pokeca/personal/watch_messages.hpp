#pragma once
// The Japanese texts of area watches and their alerts (the API's messages and the alert's
// words), beside the feature like the frontend's i18n/ja-watches.ts; the rest of core's
// texts are in shared/messages.hpp.
#include <string_view>

namespace pokeca::msg {

// The numbers are area_watch.hpp's limits; its tests check that each message names them.
inline constexpr std::string_view kWatchAreaRequired =
    "通知するエリアは、都道府県（prefecture）か、地点（lat・lng）と半径（radius_km）のどちらか一方で指定してください。";
inline constexpr std::string_view kWatchBadPrefecture = "都道府県（prefecture）の指定が正しくありません。";
inline constexpr std::string_view kWatchBadPoint = "地点（lat・lng）は日本国内の緯度・経度を数値で指定してください。";
inline constexpr std::string_view kWatchBadRadius = "半径（radius_km）は1〜20kmの整数で指定してください。";
inline constexpr std::string_view kWatchBadProductKind =
    "商品の種類（product_kinds）はpack・box・singleから選んでください。";
inline constexpr std::string_view kWatchBadProductId = "商品（product_id）は正の整数で指定してください。";
inline constexpr std::string_view kWatchBadEvents =
    "通知する出来事（events）はbought（購入できた）・lottery（抽選情報）から1つ以上選んでください。";
inline constexpr std::string_view kWatchBadActive = "通知のオン・オフ（active）はtrueかfalseで指定してください。";
inline constexpr std::string_view kWatchBadQuietHours =
    "通知を控える時間（start_hour・end_hour）は0〜23の整数で指定してください。";
inline constexpr std::string_view kWatchesLimit =
    "通知エリアは5件まで登録できます。不要なエリアを削除してからお試しください。";
inline constexpr std::string_view kWatchNotFound = "通知エリアが見つかりませんでした。";
inline constexpr std::string_view kWatchBadId = "通知エリアのIDは正の整数で指定してください。";
inline constexpr std::string_view kWatchDeleted = "通知エリアを削除しました。";
inline constexpr std::string_view kWatchesSwitchedOff = "エリアの通知を停止しました。";
inline constexpr std::string_view kBadWatchOffToken =
    "通知停止のリンクが正しくないか、有効期限が切れています。ログインしてプロフィールから通知を停止してください。";
// The alert. Placeholders: {headline}, {store}, {place}, {store_url}.
inline constexpr std::string_view kWatchAlertBoughtHeadline =
    "「購入できた」の報告がありました（{product}・{time}の購入）";
inline constexpr std::string_view kWatchAlertLotteryHeadline = "抽選情報が登録されました（{product}）";
inline constexpr std::string_view kWatchAlertTitle = "【ポケカ販売店マップ】通知エリアの「{store}」で{event}";
inline constexpr std::string_view kWatchAlertTitleBought = "購入報告がありました";
inline constexpr std::string_view kWatchAlertTitleLottery = "抽選情報が登録されました";
inline constexpr std::string_view kWatchAlertBody =
    "通知エリアの店舗で{headline}。\n"
    "\n"
    "店舗：{store}（{place}）\n"
    "\n"
    "地図で見る：\n{store_url}\n";
// The mail around the alert's body. Placeholders: {body}, {off_url}, {all_off_url}, {settings_url}.
inline constexpr std::string_view kWatchAlertMailBody =
    "{body}"
    "\n"
    "在庫は変わりやすいため、お店に行く前に最新の情報をご確認ください。\n"
    "この通知は同じ店舗についてエリアごとに12時間に1通まで、お気に入り店舗の通知と合わせて1日に5通までお送りします。\n"
    "\n"
    "このエリアの通知を停止する（ログイン不要）：\n{off_url}\n"
    "すべてのエリアの通知を停止する：\n{all_off_url}\n"
    "通知エリアと通知を控える時間はプロフィールから変更できます：{settings_url}\n"
    "\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n";

}  // namespace pokeca::msg
