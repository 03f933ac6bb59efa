// A search word's spellings, as core writes them (core/src/map/store_search.cpp
// search_spellings, store_name_match.cpp normalize_store_name): ASCII lower-cased, folded
// (width, voiced marks, punctuation dropped), in katakana, in hiragana, and romaji read as
// katakana. A store matches a word when its ASCII-lower-cased name contains one of them.
const kHalfWidthKatakana = [...'ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン'];
const cp = (ch) => ch.codePointAt(0);

export const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function foldWidth(c) {
  if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0; // ！…～ → !…~, lower-cased below
  if (c === 0x3000) return 0x20;
  if (c >= 0xff66 && c <= 0xff9d) return cp(kHalfWidthKatakana[c - 0xff66]);
  if (c === 0xff65) return cp('・');
  if (c >= 0xff61 && c <= 0xff64) return cp('。');
  if (c >= 0x41 && c <= 0x5a) return c + 0x20;
  return c;
}

function isDropped(c) {
  if (c < 0x80) return !((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39));
  return (
    c === 0xa0 || (c >= 0x2010 && c <= 0x2015) || (c >= 0x2018 && c <= 0x201f) || c === 0x2026 || c === 0x2212 ||
    (c >= 0x3001 && c <= 0x3002) || (c >= 0x3008 && c <= 0x3011) || (c >= 0x3014 && c <= 0x301f) || c === 0x30a0 ||
    c === 0x30fb
  );
}

const takesSemiVoiced = (c) => c >= cp('ハ') && c <= cp('ホ') && (c - cp('ハ')) % 3 === 0;
const takesVoiced = (c) =>
  (c >= cp('カ') && c <= cp('ト') && (c <= cp('チ') ? (c - cp('カ')) % 2 === 0 : (c - cp('ツ')) % 2 === 0)) ||
  takesSemiVoiced(c);

export function normalizeStoreName(name) {
  const out = [];
  for (const ch of name) {
    const c = foldWidth(cp(ch));
    const voiced = c === 0xff9e || c === 0x3099;
    const semi = c === 0xff9f || c === 0x309a;
    if (voiced || semi) {
      // Joins the kana before it (ｶﾞ → ガ, ｳﾞ → ヴ); a stray mark is dropped.
      const last = out.length - 1;
      if (last >= 0) {
        if (voiced && out[last] === cp('ウ')) out[last] = cp('ヴ');
        else if (voiced && takesVoiced(out[last])) out[last] += 1;
        else if (semi && takesSemiVoiced(out[last])) out[last] += 2;
      }
      continue;
    }
    if (!isDropped(c)) out.push(c);
  }
  return String.fromCodePoint(...out);
}

// Hiragana ぁ…ゖ and katakana ァ…ヶ are 0x60 apart.
export function shiftKana(text, toKatakana) {
  let out = '';
  for (const ch of text) {
    let c = cp(ch);
    if (toKatakana && c >= 0x3041 && c <= 0x3096) c += 0x60;
    else if (!toKatakana && c >= 0x30a1 && c <= 0x30f6) c -= 0x60;
    out += String.fromCodePoint(c);
  }
  return out;
}

// Hepburn (and a few kunrei) syllables, longest first where they share a prefix.
const kSyllables = Object.entries({
  kya: 'キャ', kyu: 'キュ', kyo: 'キョ', sha: 'シャ', shu: 'シュ', sho: 'ショ', shi: 'シ', cha: 'チャ', chu: 'チュ',
  cho: 'チョ', chi: 'チ', tsu: 'ツ', nya: 'ニャ', nyu: 'ニュ', nyo: 'ニョ', hya: 'ヒャ', hyu: 'ヒュ', hyo: 'ヒョ',
  mya: 'ミャ', myu: 'ミュ', myo: 'ミョ', rya: 'リャ', ryu: 'リュ', ryo: 'リョ', gya: 'ギャ', gyu: 'ギュ', gyo: 'ギョ',
  bya: 'ビャ', byu: 'ビュ', byo: 'ビョ', pya: 'ピャ', pyu: 'ピュ', pyo: 'ピョ', ja: 'ジャ', ju: 'ジュ', jo: 'ジョ',
  ji: 'ジ', fu: 'フ', ka: 'カ', ki: 'キ', ku: 'ク', ke: 'ケ', ko: 'コ', sa: 'サ', si: 'シ', su: 'ス', se: 'セ',
  so: 'ソ', ta: 'タ', ti: 'チ', tu: 'ツ', te: 'テ', to: 'ト', na: 'ナ', ni: 'ニ', nu: 'ヌ', ne: 'ネ', no: 'ノ',
  ha: 'ハ', hi: 'ヒ', hu: 'フ', he: 'ヘ', ho: 'ホ', ma: 'マ', mi: 'ミ', mu: 'ム', me: 'メ', mo: 'モ', ya: 'ヤ',
  yu: 'ユ', yo: 'ヨ', ra: 'ラ', ri: 'リ', ru: 'ル', re: 'レ', ro: 'ロ', wa: 'ワ', wo: 'ヲ', ga: 'ガ', gi: 'ギ',
  gu: 'グ', ge: 'ゲ', go: 'ゴ', za: 'ザ', zi: 'ジ', zu: 'ズ', ze: 'ゼ', zo: 'ゾ', da: 'ダ', de: 'デ', do: 'ド',
  ba: 'バ', bi: 'ビ', bu: 'ブ', be: 'ベ', bo: 'ボ', pa: 'パ', pi: 'ピ', pu: 'プ', pe: 'ペ', po: 'ポ', a: 'ア',
  i: 'イ', u: 'ウ', e: 'エ', o: 'オ', '-': 'ー',
});
const isConsonant = (c) => c >= 'a' && c <= 'z' && !'aeiou'.includes(c);

export function romajiToKatakana(word) {
  const w = asciiLower(word);
  if (w === '') return null;
  let out = '';
  for (let i = 0; i < w.length; ) {
    if (i + 1 < w.length && isConsonant(w[i]) && w[i] !== 'n' && (w[i + 1] === w[i] || (w[i] === 't' && w[i + 1] === 'c'))) {
      out += 'ッ'; // a doubled consonant
      i += 1;
      continue;
    }
    if (w[i] === 'n' && (i + 1 === w.length || (isConsonant(w[i + 1]) && w[i + 1] !== 'y') || w[i + 1] === "'")) {
      out += 'ン';
      i += i + 1 < w.length && (w[i + 1] === 'n' || w[i + 1] === "'") ? 2 : 1;
      continue;
    }
    const s = kSyllables.find(([romaji]) => w.startsWith(romaji, i));
    if (!s) return null;
    out += s[1];
    i += s[0].length;
  }
  return out;
}

export function searchSpellings(word) {
  const out = [];
  const add = (s) => s && !out.includes(s) && out.push(s);
  add(asciiLower(word));
  const normal = normalizeStoreName(word);
  add(normal);
  add(shiftKana(normal, true));
  add(shiftKana(normal, false));
  add(romajiToKatakana(normal));
  return out;
}
