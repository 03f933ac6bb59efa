/**
 * The area watches' texts (このエリアを通知: the map's dialog, the profile's list, the mail's
 * off link). Placeholders are written `{name}` and filled by `tw()`.
 */
export const jaWatches = {
  'button.open': 'このエリアを通知',
  'dialog.title': 'このエリアを通知',
  'dialog.lead': '選んだエリアで「購入できた」の報告や抽選情報の登録があると、メールやプッシュ通知でお知らせします。',
  'dialog.area': '通知するエリア',
  'dialog.areaPoint': '地図の中心から半径',
  'dialog.areaPrefecture': '都道府県全体',
  'dialog.centre': '地図の中心（{lat}, {lng}）',
  'dialog.noCentre': '地図を表示してから選んでください',
  'dialog.radius': '半径',
  'dialog.radiusKm': '{km}km',
  'dialog.prefecture': '都道府県',
  'dialog.prefectureNone': '地図の中心に都道府県が見つかりません。一覧から選んでください',
  'dialog.events': '通知する出来事',
  'dialog.eventBought': '「購入できた」の報告',
  'dialog.eventLottery': '抽選情報の登録',
  'dialog.products': '商品の種類（選ばなければすべて）',
  'dialog.productPack': 'パック',
  'dialog.productBox': 'ボックス',
  'dialog.productSingle': 'シングル',
  'dialog.limits': '同じ店舗はエリアごとに12時間に1通まで、お気に入り店舗の通知と合わせて1日5通まで。夜間（初期設定は23時〜7時）の通知は朝にまとめて届きます。',
  'dialog.submit': '通知を登録',
  'dialog.submitting': '登録中...',
  'dialog.cancel': 'キャンセル',
  'dialog.eventRequired': '通知する出来事を1つ以上選んでください',
  'dialog.created': '通知エリアを登録しました',
  'dialog.full': '通知エリアは{max}件まで登録できます。プロフィールで不要なエリアを削除してください',
  'dialog.failed': '通知エリアを登録できませんでした。',
  'dialog.toProfile': '通知エリアの一覧へ',
  'list.title': 'エリアの通知',
  'list.lead': '登録したエリアで「購入できた」の報告や抽選情報の登録があると、メールやプッシュ通知でお知らせします。エリアは地図の「このエリアを通知」から追加できます。',
  'list.count': '{n} / {max}件',
  'list.empty': '通知エリアはまだありません。',
  'list.toMap': '地図でエリアを選ぶ',
  'list.loadError': '通知エリアを読み込めませんでした。',
  'list.point': '半径{km}km（{lat}, {lng} 付近）',
  'list.prefecture': '{name}全体',
  'list.events': '通知：{events}',
  'list.products': '商品：{products}',
  'list.productsAll': 'すべての商品',
  'list.productId': 'カタログの商品 #{id}',
  'list.active': '通知する',
  'list.on': '通知をオンにしました',
  'list.off': '通知をオフにしました',
  'list.edit': '編集',
  'list.save': '保存',
  'list.cancel': 'キャンセル',
  'list.saved': '通知エリアを保存しました',
  'list.delete': '削除',
  'list.confirmDelete': 'この通知エリアを削除しますか？',
  'list.deleted': '通知エリアを削除しました',
  'list.failed': '保存できませんでした。',
  'quiet.title': '通知を控える時間（日本時間）',
  'quiet.hint': 'この時間に起きた出来事の通知は、終わりの時刻にお送りします。開始と終了を同じにすると控えません。',
  'quiet.start': '開始',
  'quiet.end': '終了',
  'quiet.hour': '{h}時',
  'quiet.save': '時間を保存',
  'quiet.saved': '通知を控える時間を保存しました',
  'off.title': 'エリアの通知の停止',
  'off.working': '停止しています...',
  'off.done': 'エリアの通知を停止しました。',
  'off.noToken': '通知停止のリンクが正しくありません。メールや通知のリンクをもう一度開くか、プロフィールから停止してください。',
  'off.failed': '通知を停止できませんでした。時間をおいてもう一度お試しください。',
  'off.settingsHint': '通知エリアはプロフィールで編集・削除できます：',
} as const;

export type WatchMessageKey = keyof typeof jaWatches;

/** Looks up an area-watch message and fills its `{placeholders}`. */
export function tw(key: WatchMessageKey, params?: Record<string, string | number>): string {
  const template: string = jaWatches[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
