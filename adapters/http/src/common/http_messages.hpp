#pragma once
// The HTTP adapter's user-facing sentences (Japanese), in one place: requests refused
// before they reach a service (routing, framing, query strings, JSON bodies) and
// multipart uploads. Domain texts stay in core (pokeca/shared/messages.hpp); both are namespace
// pokeca::msg, so a call site reads msg::kX whichever file holds it.
#include <string_view>

namespace pokeca::msg {

// Routing, framing, query strings and JSON bodies
inline constexpr std::string_view kNotFound = "お探しのページまたはデータは見つかりませんでした。";
inline constexpr std::string_view kApiNotFound = "このAPIは存在しません。";
inline constexpr std::string_view kMethodNotAllowed = "この操作は許可されていません。";
inline constexpr std::string_view kBodyTooLarge = "送信データが大きすぎます。";
inline constexpr std::string_view kBadJson = "リクエストの形式が正しくありません。";
inline constexpr std::string_view kBadQueryString = "URLのパラメータの形式が正しくありません。";
inline constexpr std::string_view kRepeatedParameter = "同じパラメータが複数回指定されています。";
inline constexpr std::string_view kMalformedRequest = "リクエストの形式が正しくありません。";
inline constexpr std::string_view kHeaderTooLarge = "リクエストヘッダーが大きすぎます。";
inline constexpr std::string_view kCrossSiteRefused =
    "別のサイトからのログイン・ログアウトの操作は受け付けていません。このサイトの画面から操作してください。";
inline constexpr std::string_view kNeedJson = "JSON形式（Content-Type: application/json）で送信してください。";

// Uploads (multipart/form-data). Placeholders: {max}, {max_mb}, {lines}, {name}.
inline constexpr std::string_view kNotMultipart = "multipart/form-data 形式で送信してください。";
inline constexpr std::string_view kMultipartMalformed = "送信データの形式が正しくありません。";
inline constexpr std::string_view kMultipartTruncated = "送信データが途中で切れています。もう一度送信してください。";
inline constexpr std::string_view kMultipartBodyTooLarge = "送信データは合計{max_mb}MBまでです。";
inline constexpr std::string_view kMultipartTooManyParts = "送信項目が多すぎます（{max}項目まで）。";
inline constexpr std::string_view kMultipartHeaderTooLarge =
    "送信データの各項目のヘッダーは{max}バイト・{lines}行までです。";
inline constexpr std::string_view kMultipartFieldTooLong = "入力項目「{name}」は{max}バイトまでです。";
inline constexpr std::string_view kMultipartDuplicateField = "同じ項目が重複して送信されています。";
inline constexpr std::string_view kMultipartUnknownField = "送信データに不明な項目が含まれています。";
inline constexpr std::string_view kMultipartNotUtf8 = "文字はUTF-8で送信してください。";
inline constexpr std::string_view kMultipartBadFilename = "ファイル名が正しくありません。";
inline constexpr std::string_view kImageTooLarge = "画像は1枚あたり{max_mb}MBまでです。";

// A query parameter the call cannot do without (the calendar feed's token).
inline constexpr std::string_view kMissingParameter = "URLのパラメータ「{name}」を指定してください。";

}  // namespace pokeca::msg
