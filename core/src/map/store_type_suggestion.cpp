#include "pokeca/map/store_type_suggestion.hpp"

#include <array>
#include <string>

#include "pokeca/map/store_name_match.hpp"
#include "pokeca/map/store_types.hpp"

namespace pokeca {
namespace {

enum class Where { kAnywhere, kAtStart };

struct Keyword {
  std::string_view text;  // already normalised (lower-case ASCII, no spaces or punctuation)
  std::string_view type;
  Where where = Where::kAnywhere;
};

// First match wins: the official shops, then card shops (a card corner in a
// electronics store is still listed by its chain), then chains, then generic words.
constexpr std::array kKeywords{
    Keyword{"ポケモンセンター", "pokemon_center"},
    Keyword{"ポケセン", "pokemon_center"},
    Keyword{"pokemoncenter", "pokemon_center"},

    Keyword{"カードラボ", "card_shop"},
    Keyword{"cardlabo", "card_shop"},
    Keyword{"晴れる屋", "card_shop"},
    Keyword{"ドラゴンスター", "card_shop"},
    Keyword{"カードショップ", "card_shop"},
    Keyword{"カードキングダム", "card_shop"},
    Keyword{"カードボックス", "card_shop"},
    Keyword{"フルコンプ", "card_shop"},
    Keyword{"トレカ", "card_shop"},
    Keyword{"トレーディングカード", "card_shop"},
    Keyword{"イエローサブマリン", "card_shop"},
    Keyword{"ホビーステーション", "card_shop"},
    Keyword{"cardshop", "card_shop"},

    Keyword{"ローソン", "convenience"},
    Keyword{"lawson", "convenience"},
    Keyword{"セブンイレブン", "convenience"},
    Keyword{"7eleven", "convenience"},
    Keyword{"ファミリーマート", "convenience"},
    Keyword{"ファミマ", "convenience"},
    Keyword{"ミニストップ", "convenience"},
    Keyword{"デイリーヤマザキ", "convenience"},
    Keyword{"セイコーマート", "convenience"},
    Keyword{"newdays", "convenience"},
    Keyword{"コンビニ", "convenience"},

    Keyword{"ヨドバシ", "electronics"},
    Keyword{"ビックカメラ", "electronics"},
    Keyword{"ヤマダ電機", "electronics"},
    Keyword{"ヤマダデンキ", "electronics"},
    Keyword{"ヤマダ", "electronics", Where::kAtStart},
    Keyword{"エディオン", "electronics"},
    Keyword{"ケーズデンキ", "electronics"},
    Keyword{"ジョーシン", "electronics"},
    Keyword{"joshin", "electronics"},
    Keyword{"上新電機", "electronics"},
    Keyword{"ノジマ", "electronics"},
    Keyword{"コジマ", "electronics"},
    Keyword{"ソフマップ", "electronics"},
    Keyword{"ベスト電器", "electronics"},
    Keyword{"家電", "electronics"},
    Keyword{"電機", "electronics"},

    Keyword{"トイザらス", "toy"},
    Keyword{"トイザラス", "toy"},
    Keyword{"toysrus", "toy"},
    Keyword{"キデイランド", "toy"},
    Keyword{"ハローマック", "toy"},
    Keyword{"おもちゃ", "toy"},
    Keyword{"オモチャ", "toy"},
    Keyword{"玩具", "toy"},

    Keyword{"マツモトキヨシ", "drugstore"},
    Keyword{"マツキヨ", "drugstore"},
    Keyword{"ウエルシア", "drugstore"},
    Keyword{"ツルハ", "drugstore"},
    Keyword{"スギ薬局", "drugstore"},
    Keyword{"サンドラッグ", "drugstore"},
    Keyword{"ココカラファイン", "drugstore"},
    Keyword{"ドラッグ", "drugstore"},
    Keyword{"薬局", "drugstore"},

    Keyword{"tsutaya", "bookstore"},
    Keyword{"蔦屋", "bookstore"},
    Keyword{"ブックオフ", "bookstore"},
    Keyword{"bookoff", "bookstore"},
    Keyword{"紀伊國屋", "bookstore"},
    Keyword{"書店", "bookstore"},
    Keyword{"本屋", "bookstore"},

    // イオン at the start only: ライオン and ミリオン are not AEON.
    Keyword{"イオン", "supermarket", Where::kAtStart},
    Keyword{"イオンモール", "supermarket"},
    Keyword{"イトーヨーカドー", "supermarket"},
    Keyword{"ヨーカドー", "supermarket"},
    Keyword{"西友", "supermarket"},
    Keyword{"マックスバリュ", "supermarket"},
    Keyword{"アピタ", "supermarket"},
    Keyword{"ダイエー", "supermarket"},
    Keyword{"スーパー", "supermarket"},
};

}  // namespace

std::string_view suggest_store_type(std::string_view name) {
  const std::string folded = normalize_store_name(name);
  for (const auto& k : kKeywords) {
    const auto at = folded.find(k.text);
    if (at == std::string::npos) continue;
    if (k.where == Where::kAtStart && at != 0) continue;
    return k.type;
  }
  return kDefaultStoreType;
}

}  // namespace pokeca
