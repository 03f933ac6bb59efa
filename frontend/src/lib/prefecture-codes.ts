/**
 * The 47 prefecture names (as kept in a user's profile) → lowercase romaji codes.
 * SPEC §2 Shell: the store-map link adds ?prefecture= for a known name; an unknown
 * name gives an empty code.
 */
export const PREFECTURE_CODES: Readonly<Record<string, string>> = {
  北海道: 'hokkaido',
  青森県: 'aomori',
  岩手県: 'iwate',
  宮城県: 'miyagi',
  秋田県: 'akita',
  山形県: 'yamagata',
  福島県: 'fukushima',
  茨城県: 'ibaraki',
  栃木県: 'tochigi',
  群馬県: 'gunma',
  埼玉県: 'saitama',
  千葉県: 'chiba',
  東京都: 'tokyo',
  神奈川県: 'kanagawa',
  新潟県: 'niigata',
  富山県: 'toyama',
  石川県: 'ishikawa',
  福井県: 'fukui',
  山梨県: 'yamanashi',
  長野県: 'nagano',
  岐阜県: 'gifu',
  静岡県: 'shizuoka',
  愛知県: 'aichi',
  三重県: 'mie',
  滋賀県: 'shiga',
  京都府: 'kyoto',
  大阪府: 'osaka',
  兵庫県: 'hyogo',
  奈良県: 'nara',
  和歌山県: 'wakayama',
  鳥取県: 'tottori',
  島根県: 'shimane',
  岡山県: 'okayama',
  広島県: 'hiroshima',
  山口県: 'yamaguchi',
  徳島県: 'tokushima',
  香川県: 'kagawa',
  愛媛県: 'ehime',
  高知県: 'kochi',
  福岡県: 'fukuoka',
  佐賀県: 'saga',
  長崎県: 'nagasaki',
  熊本県: 'kumamoto',
  大分県: 'oita',
  宮崎県: 'miyazaki',
  鹿児島県: 'kagoshima',
  沖縄県: 'okinawa',
};

export function prefectureCodeFromName(name: string | null | undefined): string {
  if (!name) return '';
  return PREFECTURE_CODES[name.trim()] ?? '';
}

/** The 47 names in the usual north-to-south (JIS) order. */
export const PREFECTURE_NAMES: readonly string[] = Object.keys(PREFECTURE_CODES);

const NAME_BY_CODE = new Map(Object.entries(PREFECTURE_CODES).map(([name, code]) => [code, name]));

/** Prefecture code → Japanese name ('tokyo' → '東京都'); the code itself when unknown. */
export function prefectureName(code: string | null | undefined): string {
  if (!code) return '';
  return NAME_BY_CODE.get(code) ?? code;
}
