#pragma once
// Web Push's Japanese texts (namespace pokeca::msg, like messages.hpp): devices, test
// sends, channel switches and the notification text. Kept beside messages.hpp so that
// the many files that include messages.hpp do not depend on them.
#include <string_view>

namespace pokeca::msg {

inline constexpr std::string_view kPushBadEndpoint =
    "通知の送り先（endpoint）はhttps://で始まる{max}バイト以内のURLを指定してください。";
inline constexpr std::string_view kPushBadKeys =
    "通知の暗号鍵（keys.p256dh・keys.auth）が正しくありません。ブラウザの通知を一度オフにしてからやり直してください。";
inline constexpr std::string_view kPushBadLabel = "端末の名前は{max}文字以内で入力してください。";
inline constexpr std::string_view kPushTooManyDevices =
    "通知を受け取る端末は{max}台までです。使っていない端末を削除してから追加してください。";
inline constexpr std::string_view kPushDeviceNotFound = "この端末の通知設定が見つかりませんでした。";
inline constexpr std::string_view kPushTooManyTests =
    "テスト通知は1時間に{max}回までです。しばらくしてからお試しください。";
inline constexpr std::string_view kPushDefaultLabel = "この端末";
inline constexpr std::string_view kPushTestTitle = "ポケカ販売店マップ";
inline constexpr std::string_view kPushTestBody = "テスト通知です。この端末で通知を受け取れます。";
inline constexpr std::string_view kPushBadChannels = "通知の受け取り方（push・mail）はtrueかfalseで指定してください。";
inline constexpr std::string_view kPushFavoriteAlertTitle = "{store}で購入できた報告";
inline constexpr std::string_view kPushFavoriteAlertBody = "{product}・{time}。タップで店舗を開きます。";
inline constexpr std::string_view kPushWatchAlertTitle = "通知エリアの{store}で{event}";
inline constexpr std::string_view kPushWatchAlertBody = "{headline}。タップで店舗を開きます。";

}  // namespace pokeca::msg
