#pragma once
// Texts of the page-view analytics calls (issue 11 §5). Kept apart from messages.hpp so
// that adding one does not rebuild every file (like site_messages.hpp); the same rules
// apply: natural Japanese, one place.
#include <string_view>

namespace pokeca::msg {

inline constexpr std::string_view kAnalyticsBadPath =
    "ページのパスは「/」で始まる200文字以内で、クエリ文字列を含めずに指定してください。";
inline constexpr std::string_view kAnalyticsBadPrefecture = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kAnalyticsBadReferrer = "参照元ホストの指定が正しくありません。";
inline constexpr std::string_view kAnalyticsBadViewport =
    "画面の種類（viewport）は phone または desktop を指定してください。";
inline constexpr std::string_view kAnalyticsBadDate = "日付は YYYY-MM-DD の形式で指定してください。";
inline constexpr std::string_view kAnalyticsBadRange =
    "期間は開始日が終了日以前で、366日以内になるよう指定してください。";

}  // namespace pokeca::msg
