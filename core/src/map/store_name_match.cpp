#include "pokeca/map/store_name_match.hpp"

#include <array>
#include <cstdint>

#include "pokeca/shared/utf8.hpp"

namespace pokeca {
namespace {

// Half-width katakana U+FF66 (ｦ) … U+FF9D (ﾝ) as full-width code points.
constexpr std::array<char32_t, 0xFF9D - 0xFF66 + 1> kHalfWidthKatakana{
    U'ヲ', U'ァ', U'ィ', U'ゥ', U'ェ', U'ォ', U'ャ', U'ュ', U'ョ', U'ッ', U'ー', U'ア', U'イ', U'ウ',
    U'エ', U'オ', U'カ', U'キ', U'ク', U'ケ', U'コ', U'サ', U'シ', U'ス', U'セ', U'ソ', U'タ', U'チ',
    U'ツ', U'テ', U'ト', U'ナ', U'ニ', U'ヌ', U'ネ', U'ノ', U'ハ', U'ヒ', U'フ', U'ヘ', U'ホ', U'マ',
    U'ミ', U'ム', U'メ', U'モ', U'ヤ', U'ユ', U'ヨ', U'ラ', U'リ', U'ル', U'レ', U'ロ', U'ワ', U'ン'};

constexpr char32_t kHalfVoiced = 0xFF9E, kHalfSemiVoiced = 0xFF9F;
constexpr char32_t kCombiningVoiced = 0x3099, kCombiningSemiVoiced = 0x309A;

char32_t decode(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
  char32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

void encode(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Width folding: full-width ASCII and half-width katakana to their usual forms.
char32_t fold_width(char32_t cp) {
  if (cp >= 0xFF01 && cp <= 0xFF5E) cp -= 0xFEE0;  // ！…～ → !…~, then lower-cased below
  if (cp == 0x3000) return U' ';
  if (cp >= 0xFF66 && cp <= 0xFF9D) return kHalfWidthKatakana[cp - 0xFF66];
  if (cp == 0xFF65) return U'・';
  if (cp >= 0xFF61 && cp <= 0xFF64) return U'。';  // ｡｢｣､: punctuation either way
  if (cp >= U'A' && cp <= U'Z') return cp - U'A' + U'a';
  return cp;
}

bool is_dropped(char32_t cp) {
  if (cp < 0x80) return !((cp >= U'a' && cp <= U'z') || (cp >= U'0' && cp <= U'9'));  // after lower-casing
  return cp == 0x00A0 || (cp >= 0x2010 && cp <= 0x2015) || (cp >= 0x2018 && cp <= 0x201F) || cp == 0x2026 ||
         cp == 0x2212 || (cp >= 0x3001 && cp <= 0x3002) || (cp >= 0x3008 && cp <= 0x3011) ||
         (cp >= 0x3014 && cp <= 0x301F) || cp == 0x30A0 || cp == 0x30FB;
}

// カ…ト and ハ…ホ take a voiced mark at +1 (ガ), ハ…ホ a semi-voiced one at +2 (パ).
bool takes_semi_voiced(char32_t cp) { return cp >= U'ハ' && cp <= U'ホ' && (cp - U'ハ') % 3 == 0; }
bool takes_voiced(char32_t cp) {
  return (cp >= U'カ' && cp <= U'ト' && (cp <= U'チ' ? (cp - U'カ') % 2 == 0 : (cp - U'ツ') % 2 == 0)) ||
         takes_semi_voiced(cp);
}

}  // namespace

std::string normalize_store_name(std::string_view name) {
  std::u32string folded;
  for (std::size_t i = 0; i < name.size();) {
    const char32_t cp = fold_width(decode(name, i));
    const bool voiced = cp == kHalfVoiced || cp == kCombiningVoiced;
    const bool semi = cp == kHalfSemiVoiced || cp == kCombiningSemiVoiced;
    if (voiced || semi) {
      // Joins the kana before it (ｶﾞ → ガ, ｳﾞ → ヴ); a stray mark is dropped.
      if (!folded.empty()) {
        auto& last = folded.back();
        if (voiced && last == U'ウ')
          last = U'ヴ';
        else if (voiced && takes_voiced(last))
          last += 1;
        else if (semi && takes_semi_voiced(last))
          last += 2;
      }
      continue;
    }
    if (!is_dropped(cp)) folded.push_back(cp);
  }
  std::string out;
  out.reserve(name.size());
  for (const char32_t cp : folded) encode(cp, out);
  return out;
}

bool same_store_name(std::string_view a, std::string_view b) {
  if (a.empty() || b.empty()) return false;
  if (a == b) return true;
  const auto shorter = a.size() <= b.size() ? a : b;
  const auto longer = a.size() <= b.size() ? b : a;
  return utf8_length(shorter) >= kMinContainedNameChars && longer.find(shorter) != std::string_view::npos;
}

}  // namespace pokeca
