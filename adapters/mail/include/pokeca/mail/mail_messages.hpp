#pragma once
// The user-facing sentences of the mail adapter (Japanese). Shown as is when a mail
// cannot be handed over; the technical reason goes to DomainError::log_detail.
#include <string_view>

namespace pokeca::mail::msg {

inline constexpr std::string_view kSendFailed = "メールを送信できませんでした。時間をおいて再度お試しください。";
inline constexpr std::string_view kBadRecipient = "メールアドレスの形式が正しくありません。";

}  // namespace pokeca::mail::msg
