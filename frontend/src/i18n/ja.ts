/**
 * Every user-visible string of the frontend, in one place (PRODUCT.md §1).
 * Placeholders are written `{name}` and filled by `t()`.
 */
export const ja = {
  // site
  'site.title': 'ポケカ販売店マップ',
  'site.tagline': 'ポケモンカードのパック・BOX・シングルが買えるお店を地図で探せる',
  'site.logoAlt': 'ポケカ販売店マップのロゴ',
  'site.demoNotice': '表示中の店舗・報告はデモ用のサンプルです',
  'site.demoBadge': 'デモデータ',

  // header / nav
  'nav.home': 'ホーム',
  'nav.map': '店舗マップ',
  'nav.login': 'ログイン',
  'nav.menu': 'メニュー',
  'nav.openMenu': 'メニューを開く',
  'nav.closeMenu': 'メニューを閉じる',
  'nav.main': 'メインメニュー',
  'nav.skipToContent': 'メインコンテンツへ移動',

  // footer
  'footer.privacy': 'プライバシーポリシー',
  'footer.contact': 'お問い合わせ',
  'footer.unofficial':
    '当サイトは非公式のファンサイトです。株式会社ポケモン、任天堂、株式会社クリーチャーズ、株式会社ゲームフリークとは一切関係ありません。',
  'footer.copyright': '© 2025 ポケカ販売店マップ',
  'footer.legal': 'サイト情報',

  // common
  'common.loading': '読み込み中...',
  'common.close': '閉じる',
  'common.retry': '再試行',
  'common.backHome': 'ホームに戻る',
  'common.errorLoad': 'データの取得に失敗しました',
  'common.networkError': 'ネットワークエラーが発生しました',
  'common.timeout': 'サーバーの応答がありません。しばらくしてからもう一度お試しください。',
  'common.unknownError': 'エラーが発生しました',
  'common.count': '{n}件',
  'common.dismiss': '通知を閉じる',
  'common.notifications': '通知',

  // home
  'home.heading': '全国のポケカ販売店を地図で探そう',
  'home.dataCount': 'データ総数 {n}件以上',
  'home.chooseRegion': 'エリアから探す',
  'home.chooseRegionHint': '都道府県を選ぶと、その地域の販売店マップが開きます。',
  'home.selectPlaceholder': '都道府県を選択',
  'home.selectLabel': '{region}の都道府県',
  'home.mapAlt': '日本地図',
  'home.currentLocation': '現在地から探す',
  'home.locating': '現在地を取得中...',
  'home.prefectureStores': '{name}（{n}件）',
  'home.timelineButton': '最新の購入報告を見る',
  'home.regionsLoadError': '都道府県の一覧を読み込めませんでした',
  'home.latestReport': '最新の報告: {time}',
  'home.reports24h': '直近24時間の報告 {n}件',

  // auth-related warnings
  'auth.locationNeedsLogin': '現在地から探すにはログインが必要です',
  'auth.loading': '読み込み中...',

  // geolocation (SPEC §8)
  'geo.unsupported': 'お使いのブラウザは位置情報に対応していません',
  'geo.permissionDenied':
    '位置情報の利用が許可されていません。ブラウザの設定で位置情報の利用を許可してください。',
  'geo.positionUnavailable':
    '現在地を取得できませんでした。Mac をお使いの場合は「システム設定 → プライバシーとセキュリティ → 位置情報サービス」でブラウザを許可してください。',
  'geo.timeout': '現在地の取得がタイムアウトしました',
  'geo.unknown': '現在地の取得中にエラーが発生しました（コード: {code}、{message}）',
  'geo.tryingAlternatives': '別の方法で現在地を取得しています...',
  'geo.allFailed': 'すべての方法で現在地を取得できませんでした',

  // timeline
  'timeline.title': '最新の購入報告',
  'timeline.empty': 'まだ購入報告はありません',
  'timeline.error': '購入報告を読み込めませんでした',
  'timeline.kind.bought': '購入できた',
  'timeline.kind.sold_out': '売り切れ',
  'timeline.limit': '購入制限: {note}',

  // products
  'product.pack': 'パック',
  'product.box': 'BOX',
  'product.single': 'シングル',
  'product.all': 'すべての商品',

  // relative time (SPEC §9)
  'time.justNow': 'たった今',
  'time.minutesAgo': '{n}分前',
  'time.hoursAgo': '{n}時間前',
  'time.daysAgo': '{n}日前',
  'time.weeksAgo': '{n}週間前',

  // map
  'map.title': '店舗マップ',
  'map.titleFor': '{name}の店舗マップ',
  'map.sellsList': '取り扱い: {items}',
  'map.separator': '・',
  'map.label': '販売店の地図',
  'map.filters': '絞り込み',
  'map.filterTypes': '店舗の種類',
  'map.filterProduct': '商品',
  'map.filterRecent': '24時間以内に報告あり',
  'map.filterReset': '条件をリセット',
  'map.listTitle': 'この範囲の店舗',
  'map.nearbyTitle': '現在地から近い店舗',
  'map.listCount': '{n}件',
  'map.listEmpty': 'この範囲に店舗はありません。地図を動かすか、条件を変えてください。',
  'map.listZoomIn': '店舗が多いため、地図をズームすると一覧が表示されます（表示範囲に約{n}件）。',
  'map.listTruncated': '表示範囲の店舗が多いため、一部のみ表示しています。',
  'map.showList': '一覧を表示',
  'map.hideList': '一覧を閉じる',
  'map.loadingStores': '店舗を読み込み中...',
  'map.loadError': '店舗を読み込めませんでした',
  'map.directions': 'Googleマップで経路を見る',
  'map.lastReport': '最終報告: {time}（{kind}）',
  'map.noReport': 'まだ報告はありません',
  'map.recentBadge': '24時間以内に報告あり',
  'map.cluster': '{n}店舗。クリックで拡大',
  'map.distance': '{km}km',
  'map.distanceM': '{m}m',
  'map.showOnMap': '地図で見る',
  'map.currentLocation': '現在地',
  'map.unknownPrefecture': '指定された都道府県が見つかりませんでした',
  'map.precisionApprox': '位置はおおよそです',
  'map.legend': '凡例',

  // pages
  'notFound.title': 'ページが見つかりません',
  'notFound.body': 'お探しのページは移動または削除された可能性があります。',
  'blocked.title': 'アクセスが制限されています',
  'blocked.body':
    'このアカウントまたは端末からのアクセスは、利用規約に反する行為が確認されたため制限されています。心当たりがない場合はお問い合わせください。',
  'rateLimited.title': 'アクセスが集中しています',
  'rateLimited.body': '短時間に多くのリクエストがありました。しばらく待ってから、もう一度お試しください。',
  'rateLimited.countdown': 'あと {s} 秒で再開できます',
  'rateLimited.ready': '制限は解除されました。',
  'login.title': 'ログイン',
  'login.comingSoon':
    'ログイン・会員登録機能は現在準備中です。公開までしばらくお待ちください。店舗マップや購入報告はログインなしでご覧いただけます。',
  'login.toMap': '店舗マップを見る',
  'privacy.title': 'プライバシーポリシー',
  'privacy.updated': '最終更新: 2025年',
  'privacy.intro':
    'ポケカ販売店マップ（以下「当サイト」）は、利用者の情報を次のとおり取り扱います。現在、当サイトには会員登録の機能がなく、お名前やメールアドレスなどの個人情報はお預かりしていません。',
  'privacy.s1.title': '取得する情報',
  'privacy.s1.body':
    '当サイトは Cookie を使用していません。広告や行動追跡のためのツールも使用していません。会員機能を公開する際は、その時点で保存する情報と保存期間、退会の方法をこのページに記載します。',
  'privacy.s2.title': 'お使いの端末に保存する情報',
  'privacy.s2.body':
    'アクセスが集中した際の待ち時間（制限が解除される時刻）と、アクセス制限の有無を、お使いのブラウザの localStorage に保存します。これらはサーバーへ送信されず、ブラウザの設定からいつでも削除できます。',
  'privacy.s3.title': '位置情報',
  'privacy.s3.body':
    '「現在地から探す」をご利用の場合のみ、ブラウザの許可を得て現在地を取得します。現在地は近くの店舗を検索するためにサーバーへ送信しますが、保存はしません。',
  'privacy.s4.title': 'アクセスの記録',
  'privacy.s4.body':
    '不正なアクセスや過度なアクセスを防ぐため、サーバーはリクエストの日時・URL・IPアドレスを一時的に利用します。個人を特定する目的では使用しません。',
  'privacy.s5.title': '外部サービス',
  'privacy.s5.body':
    '地図の表示には国土地理院の地図タイルを使用しており、表示の際にお使いのブラウザから配信元へ直接アクセスが発生します。「Googleマップで経路を見る」やお問い合わせ先などの外部サイトでは、それぞれの運営者のプライバシーポリシーが適用されます。',
  'privacy.s6.title': 'お問い合わせ',
  'privacy.s6.body': '本ポリシーに関するお問い合わせは、ページ下部の「お問い合わせ」からご連絡ください。',
} as const;

export type MessageKey = keyof typeof ja;
export type MessageParams = Record<string, string | number>;

/** Looks up a message and fills its `{placeholders}`. */
export function t(key: MessageKey, params?: MessageParams): string {
  const template: string = ja[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
