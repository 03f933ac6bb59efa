import type { MessageParams } from './ja';

/**
 * The texts of /admin/analytics, kept out of ja.ts so they load with that
 * page's chunk and not with every visitor's first page (the initial JS budget,
 * bench/frontend_size.sh). Same rules as ja.ts: natural Japanese, one place.
 */
export const jaAnalytics = {
  'title': 'アナリティクス',
  'range': '期間',
  'lastDays': '{n}日',
  'custom': '期間指定',
  'from': '開始日',
  'to': '終了日',
  'apply': '表示',
  'badRange': '開始日と終了日を正しく入力してください（開始日は終了日以前、{max}日以内）。',
  'loadFailed': 'アナリティクスを読み込めませんでした。',
  'period': '{from} 〜 {to}（{n}日間・日本時間）',
  'col.date': '日付',
  'col.page_views': 'ページビュー',
  'col.visitors': '訪問者数',
  'col.bot_views': 'ボットの閲覧',
  'col.signups': '新規登録',
  'col.submissions': '店舗投稿',
  'col.approvals': '承認',
  'col.rejections': '却下',
  'col.purchase_reports': '購入報告',
  'visitorsNote': '日ごとの訪問者数の合計',
  'pending': '審査待ち',
  'oldest': '最も古い投稿: {age}',
  'trafficChart': 'ページビューと訪問者数',
  'activityChart': '登録・投稿・審査・購入報告',
  'topPages': 'よく見られたページ',
  'topPrefecturesByViews': '地図がよく見られた都道府県',
  'topPrefecturesByReports': '購入報告の多い都道府県',
  'storesByType': '種類別の店舗数（公開中）',
  'storesBySource': '登録元別の店舗数（公開中）',
  'pathCol': 'ページ',
  'prefectureCol': '都道府県',
  'mapViewsCol': '地図の表示回数',
  'typeCol': '種類',
  'sourceCol': '登録元',
  'storesCol': '店舗数',
  'source.demo': 'デモデータ',
  'source.import': 'インポート',
  'source.submission': 'ユーザー投稿',
  'noData': 'この期間のデータはありません。',
  'dailyTable': '日別の数値',
  'downloadCsv': 'CSVをダウンロード',
} as const;

export type AnalyticsMessageKey = keyof typeof jaAnalytics;

/** Looks up an analytics text and fills its `{placeholders}`. */
export function ta(key: AnalyticsMessageKey, params?: MessageParams): string {
  const template: string = jaAnalytics[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
