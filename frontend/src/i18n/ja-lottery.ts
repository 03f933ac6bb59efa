/**
 * The lottery pages' texts (抽選情報: the list and the submission form), loaded with their
 * chunk only. Placeholders are written `{name}` and filled by `tl()`.
 */
export const jaLottery = {
  'list.title': '抽選情報',
  'list.lead': '受付中・受付予定の抽選販売を締切の近い順に並べています。店舗名から地図で場所を確認できます。',
  'list.filters': '抽選情報の絞り込み',
  'list.prefecture': '都道府県',
  'list.product': '商品',
  'list.method': '応募方法',
  'list.any': 'すべて',
  'list.loose': '条件ゆるめ（会員限定・購入実績が必要を除く）',
  'list.near': '現在地の近く',
  'list.nearOn': '現在地から{km}km以内',
  'list.nearOff': '近くの条件を外す',
  'list.locating': '現在地を取得中...',
  'list.empty': '条件に合う受付中・受付予定の抽選はありません',
  'list.emptyHint': '条件を外すか、抽選情報を登録してください。',
  'list.error': '抽選情報を読み込めませんでした。',
  'list.retry': '再読み込み',
  'list.count': '{n}件',
  'list.countFirst': '締切の近い{n}件',
  'list.more': 'もっと見る',
  'list.submit': '抽選情報を登録',
  'list.demo': 'デモ',
  'row.open': '受付中',
  'row.closing': 'まもなく締切',
  'row.upcoming': '受付予定',
  'row.deadline': '締切',
  'row.window': '受付期間',
  'row.result': '当選発表',
  'row.purchase': '購入期間',
  'row.conditions': '条件',
  'row.noConditions': '条件の記載なし',
  'row.source': '店舗の告知ページ',
  'row.onMap': '地図で見る',
  'row.distance': '現在地から{distance}',
  'countdown.endsInMinutes': '締切まであと{n}分',
  'countdown.endsInHours': '締切まであと{n}時間',
  'countdown.endsInDays': '締切まであと{n}日',
  'countdown.startsInMinutes': '受付開始まであと{n}分',
  'countdown.startsInHours': '受付開始まであと{n}時間',
  'countdown.startsInDays': '受付開始まであと{n}日',
  'countdown.ended': '受付終了',
  'method.store': '店頭',
  'method.web': 'Web',
  'method.app': 'アプリ',
  'method.phone': '電話',
  'condition.members_only': '会員限定',
  'condition.purchase_history': '購入実績が必要',
  'condition.id_check': '本人確認',
  'condition.visit_required': '来店が必要',
  'condition.partner_card': '提携カード',
  'condition.other': 'その他',
  'form.title': '抽選情報を登録',
  'form.lead': '店舗や公式の告知で確認した抽選販売の情報を登録してください。日時は日本時間です。',
  'form.store': '店舗',
  'form.storeMissing': '地図の店舗詳細から「抽選情報を登録」を押して、店舗を選んでください。',
  'form.storeLoading': '店舗を確認中...',
  'form.product': '商品',
  'form.productOther': 'その他（商品名を入力）',
  'form.productName': '商品名',
  'form.methods': '応募方法',
  'form.applyStart': '受付開始',
  'form.applyEnd': '締切',
  'form.resultAt': '当選発表',
  'form.purchaseStart': '購入期間の開始',
  'form.purchaseEnd': '購入期間の終了',
  'form.conditions': '応募条件',
  'form.conditionNote': '条件のメモ',
  'form.conditionNoteHint': '{n}/{max}文字。「その他」を選んだときは内容を書いてください。',
  'form.sourceUrl': '告知ページのURL',
  'form.submit': '登録する',
  'form.submitting': '登録中...',
  'form.loginRequired': '抽選情報の登録にはログインが必要です。',
  'form.login': 'ログイン',
  'form.productRequired': '商品を選ぶか、商品名を入力してください',
  'form.methodRequired': '応募方法を1つ以上選んでください',
  'form.windowRequired': '受付開始と締切を入力してください',
  'form.windowOrder': '締切は受付開始より後にしてください',
  'form.noteRequired': '「その他」の内容を書いてください',
  'form.urlInvalid': 'http:// または https:// で始まるURLを入力してください',
  'form.purchaseBoth': '購入期間は開始と終了を両方入力してください',
  'form.done': '登録しました',
  'form.toList': '抽選情報の一覧へ',
  'form.toMap': '地図に戻る',
} as const;

export type LotteryMessageKey = keyof typeof jaLottery;

/** Looks up a lottery page message and fills its `{placeholders}`. */
export function tl(key: LotteryMessageKey, params?: Record<string, string | number>): string {
  const template: string = jaLottery[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The label of a key built at run time (a method or a condition the server sent), or null when there is none. */
export function tlMaybe(key: string): string | null {
  return Object.hasOwn(jaLottery, key) ? jaLottery[key as LotteryMessageKey] : null;
}
