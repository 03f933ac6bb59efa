#pragma once
// The store type a name suggests, for the admin review form's default: chain names
// (ローソン → convenience, ヨドバシ → electronics, カードラボ → card_shop …) and generic
// words (書店, スーパー, ドラッグ …). Only a suggestion: the admin can change it.
#include <string_view>

namespace pokeca {

// The store type key (see store_types.hpp) the name suggests, or kDefaultStoreType
// ("other") when nothing matches. Names are compared after normalize_store_name, so
// width, case, spaces and punctuation do not matter ("セブン-イレブン", "ｾﾌﾞﾝｲﾚﾌﾞﾝ").
[[nodiscard]] std::string_view suggest_store_type(std::string_view name);

}  // namespace pokeca
