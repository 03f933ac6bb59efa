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
  'nav.profile': 'マイページ',
  'nav.favorites': 'お気に入り店舗',
  'nav.savedRoutes': '保存済みルート',
  'nav.ranking': 'ランキング',
  'nav.admin': '管理画面',
  'nav.logout': 'ログアウト',
  'nav.userMenu': 'ユーザーメニュー',
  'nav.openUserMenu': '{name}さんのメニュー',

  // footer
  'footer.privacy': 'プライバシーポリシー',
  'footer.contact': 'お問い合わせ',
  'footer.unofficial':
    '当サイトは非公式のファンサイトです。株式会社ポケモン、任天堂、株式会社クリーチャーズ、株式会社ゲームフリークとは一切関係ありません。',
  'footer.copyright': '© 2025 ポケカ販売店マップ',
  'footer.legal': 'サイト情報',
  'footer.favorites': 'お気に入り',
  'footer.profile': 'マイページ',
  'footer.withdrawal': '退会',

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

  // auth (SPEC §4, §5, §8)
  'auth.locationNeedsLogin': '現在地から探すにはログインが必要です',
  'auth.loading': '読み込み中...',
  'auth.sessionExpired': 'セッションの有効期限が切れました。再度ログインしてください。',
  'auth.loggedOut': 'ログアウトしました',
  'auth.loggedIn': 'ログインしました',
  'auth.emailNotVerified': 'メールアドレスが確認されていません。メール内のリンクをクリックしてください。',
  'auth.notLoggedIn': 'ユーザーがログインしていません',
  'auth.alreadyVerified': 'メールは既に認証済みです',
  'auth.invalidActionCode': 'リンクが無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。',

  // auth error codes (SPEC §8), one message per code
  'authError.invalidCredential': 'メールアドレスまたはパスワードが正しくありません',
  'authError.userNotFound': 'このメールアドレスのアカウントは見つかりません',
  'authError.wrongPassword': 'パスワードが正しくありません',
  'authError.invalidEmail': 'メールアドレスの形式が正しくありません',
  'authError.userDisabled': 'このアカウントは利用できなくなっています',
  'authError.tooManyRequests': '試行回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  'authError.weakPassword': 'パスワードは6文字以上で入力してください',
  'authError.emailAlreadyInUse': 'このメールアドレスは既に使用されています',
  'authError.requiresRecentLogin': 'セキュリティのため、もう一度ログインしてからお試しください',
  'authError.networkRequestFailed': 'ネットワークエラーが発生しました。通信環境をご確認ください。',
  'authError.default': '認証エラーが発生しました',

  // admin route guard (SPEC §8)
  'adminGuard.loginRequired': 'ログインが必要です',
  'adminGuard.noCredentials': '認証情報が見つかりません',
  'adminGuard.forbidden': '管理者権限が必要です',
  'adminGuard.checkFailed': '権限の確認中にエラーが発生しました',

  // forms
  'form.email': 'メールアドレス',
  'form.password': 'パスワード',
  'form.nickname': 'ニックネーム',
  'form.prefecture': 'お住まいの都道府県',
  'form.prefectureNone': '選択しない',
  'form.optional': '任意',
  'form.required': '必須',
  'form.showPassword': 'パスワードを表示',
  'form.passwordHintEmpty': '6文字以上で入力してください',
  'form.passwordHintShort': 'あと{n}文字必要です（6文字以上）',
  'form.passwordHintOk': '6文字以上 ✓',
  'form.emailRequired': 'メールアドレスを入力してください',
  'form.nicknameHint': '20文字以内。ランキングなどに表示されます',
  'form.nicknameRequired': 'ニックネームを入力してください',
  'form.nicknameTooLong': 'ニックネームは20文字以内で入力してください',
  'form.prefectureHint': '設定すると、店舗マップがお住まいの都道府県から開きます',
  'form.fixErrors': '入力内容をご確認ください',

  // /login
  'login.title': 'ログイン',
  'login.lead': 'ログインすると、現在地からの検索や店舗情報の投稿、お気に入り登録が使えます。',
  'login.tabs': 'ログインまたは新規登録',
  'login.tabLogin': 'ログイン',
  'login.tabSignup': '新規登録',
  'login.submit': 'ログイン',
  'login.submitting': 'ログイン中...',
  'login.forgot': 'パスワードをお忘れの方',
  'login.resend': '確認メールが届かない方',
  'signup.submit': '登録する',
  'signup.submitting': '登録中...',
  'signup.note': '登録後に確認メールをお送りします。メール内のリンクを開くとログインできるようになります。',
  'signup.privacyAfter': 'に同意のうえ、ご登録ください。',

  // /email-verification
  'verify.title': 'メールアドレスの確認',
  'verify.sentTo': '{email} に確認メールを送信しました。',
  'verify.sent': '確認メールを送信しました。',
  'verify.body': 'メール内のリンクをクリックして、メールアドレスの確認を完了してください。確認が済むとログインできます。',
  'verify.mailFailed': '確認メールを送信できませんでした。お手数ですが、下のフォームから再送信してください。',
  'verify.resendTitle': 'メールが届かない場合',
  'verify.resendBody': '迷惑メールフォルダもご確認ください。届いていない場合は、登録したメールアドレスとパスワードを入力して再送信できます。',
  'verify.resend': '確認メールを再送信',
  'verify.resending': '送信中...',
  'verify.resent': '確認メールを再送信しました。',
  'verify.toLogin': 'ログイン画面へ',

  // /password-reset
  'reset.title': 'パスワードの再設定',
  'reset.body': '登録したメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。',
  'reset.submit': '再設定メールを送信',
  'reset.sending': '送信中...',
  'reset.sent':
    '入力されたメールアドレスが登録されている場合は、パスワード再設定用のメールを送信しました。メール内のリンクの有効期限は1時間です。',

  // /auth/action
  'action.verifying': 'メールアドレスを確認しています...',
  'action.verifiedTitle': 'メールアドレスを確認しました',
  'action.verifiedBody': '登録が完了しました。ログインしてご利用ください。',
  'action.verifyFailedTitle': 'メールアドレスを確認できませんでした',
  'action.invalidLinkTitle': 'リンクが正しくありません',
  'action.invalidLinkBody': 'メールに記載されたリンクを、もう一度そのまま開いてください。',
  'action.resetTitle': '新しいパスワードの設定',
  'action.resetBody': '新しいパスワードを入力してください。',
  'action.newPassword': '新しいパスワード',
  'action.confirmPassword': '新しいパスワード（確認）',
  'action.mismatch': 'パスワードが一致しません',
  'action.resetSubmit': 'パスワードを変更',
  'action.resetSubmitting': '変更中...',
  'action.resetDoneTitle': 'パスワードを変更しました',
  'action.resetDoneBody': '新しいパスワードでログインしてください。ほかの端末ではログアウトされています。',
  'action.resetFailedTitle': 'パスワードを変更できませんでした',
  'action.requestAgain': '再設定メールをもう一度送る',
  'action.resendVerification': '確認メールを再送信する',

  // /profile
  'profile.title': 'マイページ',
  'profile.nickname': 'ニックネーム',
  'profile.email': 'メールアドレス',
  'profile.prefecture': '都道府県',
  'profile.unset': '未設定',
  'profile.memberSince': '登録日',
  'profile.admin': '管理者',
  'profile.edit': 'プロフィールを編集',
  'profile.editTitle': 'プロフィールの編集',
  'profile.save': '保存する',
  'profile.saving': '保存中...',
  'profile.cancel': 'キャンセル',
  'profile.saved': 'プロフィールを更新しました',
  'profile.menu': 'マイメニュー',
  'profile.withdrawLink': '退会をご希望の方はこちら',
  'profile.loadError': 'プロフィールを読み込めませんでした。表示中の内容は前回の情報です。',

  // /withdrawal
  'withdrawal.title': '退会申請',
  'withdrawal.body':
    '退会すると、アカウントとプロフィール（メールアドレス・ニックネーム・都道府県）が削除され、元に戻すことはできません。承認済みの店舗情報は、投稿者がわからない形で地図に残ります。',
  'withdrawal.reason': '退会理由（任意）',
  'withdrawal.reasonHint': 'サービス改善の参考にさせていただきます（{n} / {max}文字）',
  'withdrawal.reasonTooLong': '退会理由は{max}文字以内で入力してください（現在{n}文字）',
  'withdrawal.confirm': '上記の内容を理解したうえで退会します',
  'withdrawal.submit': '退会する',
  'withdrawal.dialogTitle': '本当に退会しますか？',
  'withdrawal.dialogBody': 'この操作は取り消せません。アカウントは直ちに削除され、ログアウトします。',
  'withdrawal.dialogConfirm': '退会する',
  'withdrawal.dialogCancel': 'やめる',
  'withdrawal.submitting': '退会処理中...',
  'withdrawal.done': '退会手続きが完了しました。ご利用ありがとうございました。',
  'withdrawal.failed': '退会処理中にエラーが発生しました',
  'withdrawal.back': 'マイページに戻る',

  // ranking (SPEC §2 Shell)
  'ranking.title': '投稿ランキング',
  'ranking.error': 'ランキングの取得に失敗しました',
  'ranking.empty': 'まだランキングはありません',
  'ranking.note': '承認された投稿をもとに集計しています',
  'ranking.rank': '{n}位',
  'ranking.points': '{n}',
  'ranking.unit': 'pt',
  'ranking.medal1': '金メダル',
  'ranking.medal2': '銀メダル',
  'ranking.medal3': '銅メダル',

  // pages of later issues
  'soon.body': 'この機能は近日公開予定です。もうしばらくお待ちください。',
  'soon.favorites': 'お気に入り店舗',
  'soon.savedRoutes': '保存済みルート',
  'soon.myStats': 'マイ投稿統計',
  'soon.admin': '管理画面',
  'soon.adminAnalytics': 'アナリティクス',

  // geolocation (SPEC §8)
  'geo.unsupported': 'お使いのブラウザは位置情報に対応していません',
  'geo.permissionDenied':
    '位置情報の利用が許可されていません。ブラウザの設定で位置情報の利用を許可してください。',
  'geo.positionUnavailable':
    '現在地を取得できませんでした。Mac をお使いの場合は「システム設定 > プライバシーとセキュリティ > 位置情報サービス」でお使いのブラウザを許可してください。',
  'geo.timeout': '現在地の取得がタイムアウトしました',
  'geo.unknown': '現在地の取得中にエラーが発生しました（コード: {code}、{message}）',
  'geo.tryingAlternatives': '別の方法で現在地の取得を試みています...',
  'geo.usingPrefecture': 'プロフィールの都道府県（{name}）の店舗マップを表示します',
  'geo.allFailed': 'すべての位置取得方法が失敗しました',

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
  'privacy.title': 'プライバシーポリシー',
  'privacy.updated': '最終更新: 2025年',
  'privacy.intro':
    'ポケカ販売店マップ（以下「当サイト」）は、利用者の情報を次のとおり取り扱います。会員登録をしなくても、地図や購入報告はご覧いただけます。',
  'privacy.s1.title': '会員登録でお預かりする情報',
  'privacy.s1.body':
    '会員登録の際に、メールアドレス、パスワード、ニックネーム、お住まいの都道府県（任意）をお預かりします。パスワードは復元できない形（ハッシュ値）でのみ保存します。メールアドレスはログインと、確認・パスワード再設定のメールの送信にのみ使用します。退会すると、これらの情報は削除されます（承認済みの店舗情報は投稿者がわからない形で残ります）。',
  'privacy.s2.title': 'Cookie とお使いの端末に保存する情報',
  'privacy.s2.body':
    'ログイン状態を保つため、ログイン中のみ Cookie を1つ使用します（JavaScript からは読み取れない設定です）。広告や行動追跡のための Cookie は使用していません。また、ログインの有無の目印、アクセスが集中した際の待ち時間（制限が解除される時刻）、アクセス制限の有無を、お使いのブラウザの localStorage に保存します。これらはブラウザの設定からいつでも削除できます。',
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
