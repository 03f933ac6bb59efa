/**
 * The purchase report form's texts for the catalogue product and the sale terms, loaded with
 * the form's chunk only (the map route), not with every visitor's first page. Placeholders
 * are written `{name}` and filled by `tr()`. The terms' words shown on the sheet and the
 * timeline (先着, BOX …) stay in ja.ts.
 */
export const jaReport = {
  'catalogProduct': '商品名',
  'catalogNone': '選ばない',
  'catalogOther': 'その他（自分で入力）',
  'catalogLoading': '商品一覧を読み込み中...',
  'otherProductName': 'その他の商品名',
  'saleMethod': '販売方法',
  'saleMethodUnknown': '不明',
  'limit': '1人あたりの購入制限',
  'limitCount': '個数',
  'limitUnit': '単位',
  'limitHint': '制限がない・わからないときは空欄のまま',
  'limitCountRange': '1〜{max}の数を入力してください',
  'salesStartedAt': '販売開始時刻',
  'salesStartedAfter': '販売開始時刻は購入日時より前にしてください',
  'limitPer': '1人',
  'limitUpTo': 'まで',
} as const;

export type ReportMessageKey = keyof typeof jaReport;

/** Looks up a report form message and fills its `{placeholders}`. */
export function tr(key: ReportMessageKey, params?: Record<string, string | number>): string {
  const template: string = jaReport[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
