#pragma once
// Every user-facing sentence the backend sends, in one place (Japanese).
#include <string_view>

namespace pokeca::msg {

inline constexpr std::string_view kNotFound = "お探しのページまたはデータは見つかりませんでした。";
inline constexpr std::string_view kApiNotFound = "このAPIは存在しません。";
inline constexpr std::string_view kMethodNotAllowed = "この操作は許可されていません。";
inline constexpr std::string_view kStoreNotFound = "店舗が見つかりませんでした。";
inline constexpr std::string_view kInternal = "サーバーでエラーが発生しました。時間をおいて再度お試しください。";
inline constexpr std::string_view kBusy = "サーバーが混み合っています。少し待ってから再度お試しください。";
inline constexpr std::string_view kBodyTooLarge = "送信データが大きすぎます。";
inline constexpr std::string_view kBadJson = "リクエストの形式が正しくありません。";

// Store queries
inline constexpr std::string_view kUnknownPrefecture = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kBadBbox =
    "表示範囲（bbox）の指定が正しくありません。「最小経度,最小緯度,最大経度,最大緯度」の形式で指定してください。";
inline constexpr std::string_view kBboxTooLarge = "表示範囲が広すぎます。地図を拡大してください。";
inline constexpr std::string_view kBadLatLng = "緯度・経度の指定が正しくありません。";
inline constexpr std::string_view kBadRadius = "検索半径は0.1〜50kmの範囲で指定してください。";
inline constexpr std::string_view kBadLimit = "件数（limit）の指定が範囲外です。";
inline constexpr std::string_view kBadZoom = "ズームレベルは0〜20の範囲で指定してください。";
inline constexpr std::string_view kBadStoreType = "店舗の種類の指定が正しくありません。";
inline constexpr std::string_view kBadProduct = "商品の種類はpacks・boxes・singlesのいずれかを指定してください。";
inline constexpr std::string_view kBadReportedWithin = "報告の期間は1〜720時間の範囲で指定してください。";
inline constexpr std::string_view kNeedOneLocation =
    "prefecture・bbox・lat/lngのいずれか1つを指定してください。";
inline constexpr std::string_view kBadNumber = "数値の指定が正しくありません。";
inline constexpr std::string_view kBadId = "IDの指定が正しくありません。";

// HTTP adapter: requests refused before they reach a service
inline constexpr std::string_view kBadQueryString = "URLのパラメータの形式が正しくありません。";
inline constexpr std::string_view kRepeatedParameter = "同じパラメータが複数回指定されています。";
inline constexpr std::string_view kMalformedRequest = "リクエストの形式が正しくありません。";
inline constexpr std::string_view kHeaderTooLarge = "リクエストヘッダーが大きすぎます。";

}  // namespace pokeca::msg
