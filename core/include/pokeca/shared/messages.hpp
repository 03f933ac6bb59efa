#pragma once
// Every user-facing sentence of the domain (Japanese): core's rules and services, the
// page-view analytics calls, and the pages the server writes itself (share cards, sitemaps).
// Texts about HTTP itself (routing, framing, JSON and multipart bodies) are the HTTP
// adapter's: adapters/http/src/http_messages.hpp, the same namespace pokeca::msg.
#include <string_view>

namespace pokeca::msg {

inline constexpr std::string_view kStoreNotFound = "店舗が見つかりませんでした。";
inline constexpr std::string_view kInternal = "サーバーでエラーが発生しました。時間をおいて再度お試しください。";
inline constexpr std::string_view kBusy = "サーバーが混み合っています。少し待ってから再度お試しください。";

// Store queries
inline constexpr std::string_view kUnknownPrefecture = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kBadBbox =
    "表示範囲（bbox）の指定が正しくありません。「最小経度,最小緯度,最大経度,最大緯度」の形式で指定してください。";
inline constexpr std::string_view kBboxTooLarge = "表示範囲が広すぎます。地図を拡大してください。";
inline constexpr std::string_view kBadLatLng = "緯度・経度の指定が正しくありません。";
inline constexpr std::string_view kBadRadius = "検索半径は0.1〜50kmの範囲で指定してください。";
inline constexpr std::string_view kBadLimit = "件数（limit）の指定が範囲外です。";
inline constexpr std::string_view kBadZoom = "ズームレベルは0〜20の範囲で指定してください。";
inline constexpr std::string_view kBadStoreType = "店舗の種類の指定が正しくありません。";
inline constexpr std::string_view kBadProduct = "商品の種類はpacks・boxes・singlesのいずれかを指定してください。";
inline constexpr std::string_view kBadReportedWithin = "報告の期間は1〜720時間の範囲で指定してください。";
inline constexpr std::string_view kBadLotteryFilter =
    "抽選の絞り込みは open（受付中）か closing（まもなく締切）を指定してください。";
inline constexpr std::string_view kNeedOneLocation = "prefecture・bbox・lat/lngのいずれか1つを指定してください。";
inline constexpr std::string_view kBadId = "IDの指定が正しくありません。";

// Accounts. Codes keep the identity provider's names (PRODUCT.md §3); the
// texts follow SPEC.md §5 and §8 where it gives them.
inline constexpr std::string_view kInvalidEmail = "メールアドレスの形式が正しくありません。";
inline constexpr std::string_view kPasswordTooShort = "パスワードは6文字以上で入力してください。";
inline constexpr std::string_view kPasswordTooLong = "パスワードは128文字以内で入力してください。";
inline constexpr std::string_view kPasswordBadCharacters = "パスワードに使用できない文字が含まれています。";
inline constexpr std::string_view kPasswordTooCommon =
    "このパスワードはよく使われているため安全ではありません。別のパスワードを入力してください。";
inline constexpr std::string_view kBadNickname = "ニックネームは1〜20文字で入力してください。";
inline constexpr std::string_view kBadPrefectureName = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kReasonTooLong = "退会理由は1000文字以内で入力してください。";
inline constexpr std::string_view kBadText = "文字の形式が正しくありません。";
// Text others see (shown_text.hpp). Placeholder: {name}, the field.
inline constexpr std::string_view kTextHasDirectionControls =
    "「{name}」に文字の表示方向を変える制御文字は使えません。";
inline constexpr std::string_view kTextInvisibleOnly = "「{name}」が見えない文字や空白だけになっています。";
inline constexpr std::string_view kFieldNickname = "ニックネーム";
inline constexpr std::string_view kFieldStoreName = "店舗名";
inline constexpr std::string_view kFieldStatusNote = "お知らせ";
inline constexpr std::string_view kFieldProductName = "商品名";
inline constexpr std::string_view kFieldLimitNote = "購入制限";
inline constexpr std::string_view kFieldTripName = "ルート名";
inline constexpr std::string_view kEmailAlreadyInUse = "このメールアドレスは既に使用されています。";
inline constexpr std::string_view kInvalidCredential = "メールアドレスまたはパスワードが正しくありません。";
inline constexpr std::string_view kEmailNotVerified =
    "メールアドレスが認証されていません。メール内のリンクをクリックして認証を完了してください。";
inline constexpr std::string_view kUserDisabled = "このアカウントは無効化されています。";
inline constexpr std::string_view kBlocked = "このアカウントは利用が停止されています。";
inline constexpr std::string_view kTooManyRequests =
    "リクエストの回数が多すぎます。しばらく時間をおいてから再度お試しください。";
inline constexpr std::string_view kSessionExpired = "セッションの有効期限が切れました。再度ログインしてください。";
inline constexpr std::string_view kUnauthenticated = "ログインが必要です。";
inline constexpr std::string_view kNotLoggedIn = "ユーザーがログインしていません";
inline constexpr std::string_view kAlreadyVerified = "メールは既に認証済みです";
inline constexpr std::string_view kInvalidActionCode =
    "このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。";
inline constexpr std::string_view kAdminRequired = "管理者権限が必要です。";
inline constexpr std::string_view kMailFailed = "メールを送信できませんでした。時間をおいて再度お試しください。";
inline constexpr std::string_view kUserNotFound = "ユーザーが見つかりませんでした。";

// Accounts: success messages
inline constexpr std::string_view kSignUpDone =
    "確認メールを送信しました。メール内のリンクを開いて、メールアドレスの認証を完了してください。";
inline constexpr std::string_view kSignUpMailFailed =
    "アカウントは作成されましたが、確認メールを送信できませんでした。時間をおいて、確認メールの再送信をお試しください"
    "。";
inline constexpr std::string_view kEmailVerified = "メールアドレスの認証が完了しました。ログインしてください。";
inline constexpr std::string_view kVerificationResent = "確認メールを再送信しました。";
inline constexpr std::string_view kResetRequested =
    "ご入力のメールアドレスが登録されている場合は、パスワード再設定用のメールを送信しました。";
inline constexpr std::string_view kPasswordChanged =
    "パスワードを変更しました。新しいパスワードでログインしてください。";
inline constexpr std::string_view kLoggedOut = "ログアウトしました";
inline constexpr std::string_view kWithdrawn = "退会手続きが完了しました。ご利用ありがとうございました。";
// What a withdrawn account is called from then on (its contributions stay, anonymous).
inline constexpr std::string_view kWithdrawnNickname = "退会済みユーザー";

// Mails. Placeholders: {nickname}, {link}, {base_url}.
inline constexpr std::string_view kVerifyMailSubject = "【ポケカ販売店マップ】メールアドレスの確認";
inline constexpr std::string_view kVerifyMailBody =
    "{nickname} さん\n"
    "\n"
    "ポケカ販売店マップにご登録いただき、ありがとうございます。\n"
    "下記のリンクを開いて、メールアドレスの確認を完了してください。\n"
    "\n"
    "{link}\n"
    "\n"
    "※ このリンクの有効期限は24時間です。期限が切れた場合は、ログイン画面から確認メールを再送信してください。\n"
    "※ このメールにお心当たりのない場合は、お手数ですが破棄してください。\n"
    "\n"
    "――\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n"
    "{base_url}\n";
inline constexpr std::string_view kResetMailSubject = "【ポケカ販売店マップ】パスワードの再設定";
inline constexpr std::string_view kResetMailBody =
    "{nickname} さん\n"
    "\n"
    "パスワード再設定のご依頼を受け付けました。\n"
    "下記のリンクを開いて、新しいパスワードを設定してください。\n"
    "\n"
    "{link}\n"
    "\n"
    "※ このリンクの有効期限は1時間です。\n"
    "※ 再設定が完了すると、すべての端末からログアウトされます。\n"
    "※ このご依頼にお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n"
    "\n"
    "――\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n"
    "{base_url}\n";

// Purchase reports. The numbers are purchase_rules.hpp's limits; its tests
// check that each message names its constant.
inline constexpr std::string_view kPurchaseReported = "購入報告を投稿しました。";
inline constexpr std::string_view kPurchaseDeleted = "購入報告を削除しました。";
inline constexpr std::string_view kPurchaseNotFound = "購入報告が見つかりませんでした。";
inline constexpr std::string_view kBadPurchaseStoreId = "報告する店舗（store_id）を指定してください。";
inline constexpr std::string_view kBadPurchaseKind =
    "報告の種類（kind）は bought（買えた）・sold_out（売り切れ）のいずれかを指定してください。";
inline constexpr std::string_view kBadPurchaseProduct =
    "商品の種類（product）は pack（パック）・box（ボックス）・single（シングル）のいずれかを指定してください。";
inline constexpr std::string_view kPurchaseProductNameTooLong = "商品名は100文字以内で入力してください。";
inline constexpr std::string_view kPurchaseLimitNoteTooLong = "購入制限のメモは100文字以内で入力してください。";
inline constexpr std::string_view kPurchaseProductNameBadText =
    "商品名に使用できない文字（改行など）が含まれています。";
inline constexpr std::string_view kPurchaseLimitNoteBadText =
    "購入制限のメモに使用できない文字（改行など）が含まれています。";
inline constexpr std::string_view kBadPurchasedAt =
    "購入日時（purchased_at）の形式が正しくありません。例: 2026-11-21T14:30:00+09:00";
inline constexpr std::string_view kPurchasedAtInFuture = "購入日時に未来の日時は指定できません。";
inline constexpr std::string_view kPurchasedAtTooOld = "30日より前の購入は報告できません。";

// Ranking
inline constexpr std::string_view kBadRankingPeriod =
    "ランキングの期間（period）は all または month を指定してください。";

// Uploads. Placeholders: {max}. (The multipart texts are the HTTP adapter's.)
inline constexpr std::string_view kTooManyImages = "画像は{max}枚までアップロードできます。";

// Photos (adapters/media, PRODUCT.md §5).
inline constexpr std::string_view kPhotoUnsupportedType =
    "対応していない画像形式です。JPEG・PNG・WebP・GIF・HEICの画像を選んでください。";
inline constexpr std::string_view kPhotoTooLarge =
    "画像のファイルサイズが大きすぎます。1枚10MBまでの画像を選んでください。";
inline constexpr std::string_view kPhotoTooManyPixels =
    "画像の解像度が大きすぎます。4000万画素以下の画像を選んでください。";
inline constexpr std::string_view kPhotoCorrupt =
    "画像ファイルが壊れているため読み込めませんでした。別の画像を選んでください。";
inline constexpr std::string_view kPhotoProcessingFailed = "画像を処理できませんでした。別の画像を選んでください。";

// Store submissions and moderation (SPEC.md §5). Placeholders: {max}.
inline constexpr std::string_view kSubmissionThanks = "投稿ありがとうございます！承認後に地図に表示されます。";
inline constexpr std::string_view kSubmissionNameRequired = "店舗名を入力してください。";
inline constexpr std::string_view kSubmissionNameTooLong = "店舗名は{max}文字以内で入力してください。";
inline constexpr std::string_view kSubmissionAddressRequired = "住所を入力してください。";
inline constexpr std::string_view kSubmissionAddressTooLong = "住所は{max}文字以内で入力してください。";
inline constexpr std::string_view kSubmissionCommentTooLong = "コメントは{max}文字以内で入力してください。";
inline constexpr std::string_view kSubmissionBadCharacters = "「{name}」に使用できない文字が含まれています。";
inline constexpr std::string_view kSubmissionNeedLocation =
    "位置情報（緯度・経度）を取得するか、住所を入力してください。";
inline constexpr std::string_view kSubmissionLatLngIncomplete = "位置情報は緯度と経度の両方を指定してください。";
inline constexpr std::string_view kSubmissionLatLngNotNumber = "緯度・経度は数値（例：35.6812）で指定してください。";
inline constexpr std::string_view kSubmissionLatLngZero =
    "位置情報が取得できていません。緯度・経度は0以外の値で指定してください。";
inline constexpr std::string_view kSubmissionOutsideJapan =
    "位置情報が日本国内ではありません。店舗の場所を確認してください。";
inline constexpr std::string_view kSubmissionAddressUnknown =
    "住所から場所を特定できませんでした。都道府県名と市区町村名から入力してください（例：東京都新宿区西新宿2-8-1）。";
inline constexpr std::string_view kSubmissionNotFound = "投稿が見つかりませんでした。";
inline constexpr std::string_view kSubmissionAlreadyReviewed = "この投稿は既に審査済みです。";
inline constexpr std::string_view kSubmissionApproved = "投稿を承認しました。";
inline constexpr std::string_view kSubmissionRejected = "投稿を却下しました。";
inline constexpr std::string_view kRejectReasonRequired = "却下の理由を入力してください。";
inline constexpr std::string_view kRejectReasonTooLong = "却下の理由は{max}文字以内で入力してください。";
inline constexpr std::string_view kMergeStoreNotFound = "統合先の店舗が見つかりませんでした。";
inline constexpr std::string_view kBadSubmissionStatus =
    "ステータス（status）はpending・approved・rejectedのいずれかを指定してください。";
inline constexpr std::string_view kBadOffset = "開始位置（offset）は0以上の整数で指定してください。";
inline constexpr std::string_view kPhotoStoreFailed = "画像を保存できませんでした。時間をおいて再度お試しください。";

// Personal features: favourites, store search, my stats, favourite alerts.
inline constexpr std::string_view kFavoriteBadStoreId = "店舗ID（store_id）は正の整数で指定してください。";
inline constexpr std::string_view kFavoritesLimit =
    "お気に入りに登録できる店舗は{max}件までです。不要なお気に入りを削除してから追加してください。";
inline constexpr std::string_view kSearchQueryLength = "検索語は1〜50文字で入力してください。";
inline constexpr std::string_view kSearchNearInvalid =
    "検索の基準位置（lat・lng）は、緯度と経度を両方とも数値で指定してください。";
inline constexpr std::string_view kSearchLimit = "件数（limit）は1〜20の範囲で指定してください。";
inline constexpr std::string_view kUnsubscribed = "お気に入り店舗の通知を停止しました。";
inline constexpr std::string_view kBadUnsubscribeToken =
    "通知停止のリンクが正しくないか、有効期限が切れています。ログインしてプロフィールから通知を停止してください。";
inline constexpr std::string_view kFavoriteAlertsNotBool =
    "お気に入り店舗の通知（favorite_alerts）はtrueかfalseで指定してください。";
inline constexpr std::string_view kReviewMailNotBool =
    "投稿の審査結果のメール（review_mail）はtrueかfalseで指定してください。";
// The mail about a review of the user's store submission, one per decision.
// Placeholders: {store}, {points}, {reason}, {stats_url}, {settings_url}.
inline constexpr std::string_view kReviewApprovedSubject = "【ポケカ販売店マップ】「{store}」の投稿が承認されました";
inline constexpr std::string_view kReviewApprovedBody =
    "投稿いただいた店舗「{store}」を承認しました。ありがとうございます。\n"
    "獲得ポイント：{points}pt\n"
    "\n"
    "投稿の状況とポイントは、マイ投稿統計で確認できます：\n{stats_url}\n"
    "\n"
    "このメールは投稿の審査が終わるたびに1通お送りしています。\n"
    "受け取らない設定はプロフィールから変更できます：{settings_url}\n"
    "\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n";
inline constexpr std::string_view kReviewMergedBody =
    "投稿いただいた店舗「{store}」は、すでに地図にある店舗と同じお店だったため、その店舗にまとめて承認しました。"
    "ありがとうございます。\n"
    "獲得ポイント：{points}pt（すでにあるお店の投稿は、追加された写真の分だけポイントがつきます）\n"
    "\n"
    "投稿の状況とポイントは、マイ投稿統計で確認できます：\n{stats_url}\n"
    "\n"
    "このメールは投稿の審査が終わるたびに1通お送りしています。\n"
    "受け取らない設定はプロフィールから変更できます：{settings_url}\n"
    "\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n";
inline constexpr std::string_view kReviewRejectedSubject = "【ポケカ販売店マップ】「{store}」の投稿について";
inline constexpr std::string_view kReviewRejectedBody =
    "投稿いただいた店舗「{store}」は、次の理由により承認できませんでした。\n"
    "\n"
    "理由：{reason}\n"
    "\n"
    "内容を見直して、もう一度投稿していただくこともできます。投稿の状況はマイ投稿統計で確認できます：\n{stats_url}\n"
    "\n"
    "このメールは投稿の審査が終わるたびに1通お送りしています。\n"
    "受け取らない設定はプロフィールから変更できます：{settings_url}\n"
    "\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n";
// The alert mail. Placeholders: {store}, {place}, {product}, {time}, {store_url}, {unsubscribe_url}, {settings_url}.
inline constexpr std::string_view kFavoriteAlertSubject =
    "【ポケカ販売店マップ】お気に入りの「{store}」で購入報告がありました";
inline constexpr std::string_view kFavoriteAlertBody =
    "お気に入りに登録している店舗で「購入できた」の報告がありました。\n"
    "\n"
    "店舗：{store}（{place}）\n"
    "商品：{product}\n"
    "報告された購入時刻：{time}\n"
    "\n"
    "地図で見る：\n{store_url}\n"
    "\n"
    "在庫は変わりやすいため、お店に行く前に最新の情報をご確認ください。\n"
    "この通知は同じ店舗について12時間に1通まで、1日に5通までお送りします。\n"
    "\n"
    "通知を停止する（ログイン不要）：\n{unsubscribe_url}\n"
    "通知の設定はプロフィールからも変更できます：{settings_url}\n"
    "\n"
    "ポケカ販売店マップ（非公式ファンサイト）\n";
// Trips (the API's routes): planning, saved trips and shared links.
inline constexpr std::string_view kTripTooFewStops = "ルートには店舗を{min}件以上追加してください。";
inline constexpr std::string_view kTripTooManyStops = "ルートに追加できる店舗は{max}件までです。";
inline constexpr std::string_view kTripDuplicateStop = "同じ店舗がルートに2回以上含まれています。";
inline constexpr std::string_view kTripBadStoreIds = "店舗ID（store_ids）は正の整数の配列で指定してください。";
inline constexpr std::string_view kTripUnknownStores =
    "次の店舗はルートに追加できません（存在しないか、非公開・閉店です）：{ids}";
inline constexpr std::string_view kTripBadStart = "出発地点（start）は緯度・経度（lat・lng）で指定してください。";
inline constexpr std::string_view kTripNameRequired = "ルート名を入力してください。";
inline constexpr std::string_view kTripNameTooLong = "ルート名は{max}文字以内で入力してください。";
inline constexpr std::string_view kTripNameBadText = "ルート名に使用できない文字が含まれています。";
inline constexpr std::string_view kTripLimitReached =
    "保存できるルートは{max}件までです。不要なルートを削除してから保存してください。";
inline constexpr std::string_view kTripNotFound = "ルートが見つかりませんでした。";
inline constexpr std::string_view kSharedTripNotFound = "このルートは見つからないか、共有が停止されています。";
inline constexpr std::string_view kTripDeleted = "ルートを削除しました。";
// Current location from the IP address; the frontend then tries the profile.
inline constexpr std::string_view kIpLocationUnknown = "IPアドレスから現在地を推定できませんでした。";

// The admin console
inline constexpr std::string_view kAdminBadPage = "ページ（page）は1以上の整数で指定してください。";
inline constexpr std::string_view kAdminQueryTooLong = "検索語は{max}文字以内で入力してください。";
inline constexpr std::string_view kAdminBadStatus =
    "状態（status）はactive・hidden・closedのいずれかを指定してください。";
inline constexpr std::string_view kAdminBadSource =
    "登録元（source）はdemo・import・submissionのいずれかを指定してください。";
inline constexpr std::string_view kAdminBadKind = "報告の種類（kind）はbought・sold_outのいずれかを指定してください。";
inline constexpr std::string_view kAdminBadDate = "日付はYYYY-MM-DDの形式で指定してください。";
inline constexpr std::string_view kAdminBadDateRange =
    "期間の指定が正しくありません（開始日は終了日以前にしてください）。";
inline constexpr std::string_view kAdminBadTargetType =
    "対象の種類（target_"
    "type）はstore・user・submission・purchase・photo・product・lotteryのいずれかを指定してください。";
inline constexpr std::string_view kAdminBadAction = "操作（action）の指定が正しくありません。";
inline constexpr std::string_view kAdminStoreNameRequired = "店舗名を入力してください。";
inline constexpr std::string_view kAdminAddressTooLong = "住所は{max}文字以内で入力してください。";
inline constexpr std::string_view kAdminStatusNoteTooLong = "状態のメモは{max}文字以内で入力してください。";
inline constexpr std::string_view kAdminBadText = "使用できない文字が含まれています。";
inline constexpr std::string_view kAdminLatLngIncomplete = "緯度と経度は両方指定してください。";
inline constexpr std::string_view kAdminStoreUpdated = "店舗情報を更新しました。";
inline constexpr std::string_view kAdminStoreHidden = "店舗を非表示にしました。";
inline constexpr std::string_view kAdminStoreDeleted = "店舗を削除しました。";
inline constexpr std::string_view kAdminStoreInUse =
    "投稿・購入報告・抽選情報・保存ルートのある店舗は削除できません。非表示にしてください。";
inline constexpr std::string_view kAdminBadPhotoHash = "写真の指定が正しくありません。";
inline constexpr std::string_view kAdminPhotoStoreRequired = "店舗ID（store_id）を指定してください。";
inline constexpr std::string_view kAdminPhotoNotFound = "写真が見つかりませんでした。";
inline constexpr std::string_view kAdminPhotoDeleted = "写真を削除しました。";
inline constexpr std::string_view kAdminBlockReasonRequired = "ブロックの理由を入力してください。";
inline constexpr std::string_view kAdminBlockReasonTooLong = "理由は{max}文字以内で入力してください。";
inline constexpr std::string_view kAdminCannotBlockSelf = "自分自身はブロックできません。";
inline constexpr std::string_view kAdminUserBlocked = "ユーザーをブロックしました。";
inline constexpr std::string_view kAdminUserUnblocked = "ブロックを解除しました。";
inline constexpr std::string_view kAdminGranted = "管理者権限を付与しました。";
inline constexpr std::string_view kAdminRevoked = "管理者権限を取り消しました。";
inline constexpr std::string_view kAdminCannotGrant =
    "退会済みまたはブロック中のユーザーには管理者権限を付与できません。";
inline constexpr std::string_view kAdminCannotRevokeSelf = "自分の管理者権限は取り消せません。";
inline constexpr std::string_view kAdminCannotRevokeLast = "最後の管理者の権限は取り消せません。";
inline constexpr std::string_view kAdminUserWithdrawn = "退会済みのユーザーは変更できません。";
inline constexpr std::string_view kAdminBadDateTime =
    "日時はISO 8601形式（例: 2026-11-23T10:00:00+09:00）で指定してください。";
inline constexpr std::string_view kAdminBulkRangeBad =
    "期間の指定が正しくありません（開始は終了より前にしてください）。";
inline constexpr std::string_view kAdminBulkRangeTooLong = "期間は{max}日以内で指定してください。";
inline constexpr std::string_view kAdminBulkUserRequired = "ユーザーID（user_id）を指定してください。";
inline constexpr std::string_view kAdminReportsDeleted = "{count}件の報告を削除しました。";

// Page-view analytics
inline constexpr std::string_view kAnalyticsBadPath =
    "ページのパスは「/」で始まる200文字以内で、クエリ文字列を含めずに指定してください。";
inline constexpr std::string_view kAnalyticsBadPrefecture = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kAnalyticsBadReferrer = "参照元ホストの指定が正しくありません。";
inline constexpr std::string_view kAnalyticsBadViewport =
    "画面の種類（viewport）は phone または desktop を指定してください。";
inline constexpr std::string_view kAnalyticsBadDate = "日付は YYYY-MM-DD の形式で指定してください。";
inline constexpr std::string_view kAnalyticsBadRange =
    "期間は開始日が終了日以前で、366日以内になるよう指定してください。";

// The pages the server writes itself for search engines and link previews (share cards,
// sitemaps)
inline constexpr std::string_view kSiteName = "ポケカ販売店マップ";
inline constexpr std::string_view kSiteDescription =
    "ポケモンカードのパック・BOX・シングルが買えるお店を地図で探せる非公式ファンサイト。全国の販売店と最新の購入報告を"
    "チェック。";
// {name} = 東京都
inline constexpr std::string_view kPrefectureCardTitle = "{name}のポケカ販売店マップ";
inline constexpr std::string_view kPrefectureCardDescription =
    "{name}でポケモンカードのパック・BOX・シングルが買えるお店を地図で探せます。最新の購入報告もチェックできます。";
// {place} = 東京都千代田区, {type} = カードショップ
inline constexpr std::string_view kStoreCardDescription =
    "{place}の{type}。ポケモンカードの取り扱いや最新の購入報告を地図で確認できます。";
inline constexpr std::string_view kTitleSeparator = " | ";

// ---- Product catalogue ---------------------------------------------------------------
inline constexpr std::string_view kProductNameRequired = "商品名を入力してください。";
inline constexpr std::string_view kProductNameTooLong = "商品名は{max}文字以内で入力してください。";
inline constexpr std::string_view kProductNameField = "商品名";
inline constexpr std::string_view kProductBadKind =
    "商品の種類（kind）はpack・box・otherのいずれかを指定してください。";
inline constexpr std::string_view kProductBadReleaseDate =
    "発売日はYYYY-MM-DDの形式で、実在する日付を指定してください。";
inline constexpr std::string_view kProductBadUrl =
    "公式ページのURLはhttp://またはhttps://で始まる{max}バイト以内のURLを指定してください。";
inline constexpr std::string_view kProductNotFound = "商品が見つかりませんでした。";
inline constexpr std::string_view kProductNameTaken = "同じ名前の商品がすでに登録されています。";
inline constexpr std::string_view kProductCatalogFull =
    "登録できる商品は{max}件までです。使わない商品を削除してください。";
inline constexpr std::string_view kProductInUse =
    "抽選情報で使われている商品は削除できません。選択肢から外すには「選択肢に表示する」をオフにしてください。";
inline constexpr std::string_view kProductCreated = "商品を登録しました。";
inline constexpr std::string_view kProductUpdated = "商品情報を更新しました。";
inline constexpr std::string_view kProductDeleted = "商品を削除しました。";

// ---- Lottery entries (抽選情報) -------------------------------------------------------
inline constexpr std::string_view kLotteryStoreRequired = "抽選を行う店舗を指定してください。";
inline constexpr std::string_view kLotteryProductRequired = "商品を選ぶか、商品名を入力してください。";
inline constexpr std::string_view kLotteryProductNameTooLong = "商品名は{max}文字以内で入力してください。";
inline constexpr std::string_view kLotteryProductUnknown = "選んだ商品はカタログにありません。選び直してください。";
inline constexpr std::string_view kLotteryMethodRequired = "応募方法を1つ以上選んでください。";
inline constexpr std::string_view kLotteryBadMethod = "応募方法（methods）はstore・web・app・phoneから選んでください。";
inline constexpr std::string_view kLotteryBadCondition =
    "応募条件（conditions）はmembers_only・purchase_history・id_check・visit_required・partner_card・otherから選んで"
    "ください。";
inline constexpr std::string_view kLotteryBadTime =
    "日時はタイムゾーン付きの形式（例: 2026-12-01T10:00+09:00）で指定してください。";
inline constexpr std::string_view kLotteryWindowRequired = "受付の開始日時と締切日時を入力してください。";
inline constexpr std::string_view kLotteryWindowOrder = "締切日時は開始日時より後にしてください。";
inline constexpr std::string_view kLotteryWindowTooLong = "受付期間は{max}日以内にしてください。";
inline constexpr std::string_view kLotteryWindowEnded = "締切を過ぎた抽選は登録できません。";
inline constexpr std::string_view kLotteryWindowTooFar = "受付開始が{max}日以上先の抽選はまだ登録できません。";
inline constexpr std::string_view kLotteryResultBeforeEnd = "当選発表の日時は締切日時以降にしてください。";
inline constexpr std::string_view kLotteryPurchaseWindow =
    "購入期間は開始と終了を両方入力し、終了を開始より後（{max}日以内）にしてください。";
inline constexpr std::string_view kLotteryNoteTooLong = "条件のメモは{max}文字以内で入力してください。";
inline constexpr std::string_view kLotteryNoteRequired =
    "「その他」の条件を選んだときは、条件のメモに内容を書いてください。";
inline constexpr std::string_view kLotteryNoteField = "条件のメモ";
inline constexpr std::string_view kLotteryBadUrl =
    "告知ページのURLはhttp://またはhttps://で始まる{max}バイト以内のURLを指定してください。";
inline constexpr std::string_view kLotteryDuplicate =
    "同じ店舗・商品で受付期間が重なる抽選がすでに登録されています。内容が違う場合はお問い合わせください。";
inline constexpr std::string_view kLotteryTooMany =
    "抽選情報の登録は1日{max}件までです。しばらくしてからお試しください。";
inline constexpr std::string_view kLotteryStoreNotFound = "店舗が見つかりませんでした。";
inline constexpr std::string_view kLotteryNotFound = "抽選情報が見つかりませんでした。";
inline constexpr std::string_view kLotteryPublished = "抽選情報を登録しました。地図と抽選情報の一覧に表示されます。";
inline constexpr std::string_view kLotteryPending = "抽選情報を受け付けました。管理者の確認後に表示されます。";
inline constexpr std::string_view kLotteryBadStatus =
    "状態（status）はpending・approved・rejected・hiddenのいずれかを指定してください。";
inline constexpr std::string_view kLotteryBadMethodFilter =
    "応募方法（method）はstore・web・app・phoneのいずれかを指定してください。";
inline constexpr std::string_view kLotteryBadLoose = "条件ゆるめ（loose）は1か0で指定してください。";
inline constexpr std::string_view kLotteryBadRadius = "検索半径は0.1〜{max}kmの範囲で指定してください。";
inline constexpr std::string_view kLotteryBadProductId = "商品（product_id）の指定が正しくありません。";
inline constexpr std::string_view kLotteryBadStoreId = "店舗ID（store_id）は正の整数で指定してください。";
inline constexpr std::string_view kLotteryApproved = "抽選情報を承認しました。";
inline constexpr std::string_view kLotteryRejected = "抽選情報を却下しました。";
inline constexpr std::string_view kLotteryHidden = "抽選情報を非表示にしました。";
inline constexpr std::string_view kLotteryAlreadyReviewed = "この抽選情報はすでに確認済みです。";

// Confirmations of purchase reports and reporter trust.
inline constexpr std::string_view kConfirmationBadAnswer =
    "回答（answer）はstill（まだ買えた）かgone（売り切れだった）で指定してください。";
inline constexpr std::string_view kConfirmationReportNotFound = "報告が見つかりませんでした。";
inline constexpr std::string_view kConfirmationOwnReport = "自分の報告には回答できません。";
inline constexpr std::string_view kConfirmationTooOld = "24時間以上前の報告には回答できません。";
inline constexpr std::string_view kConfirmationTooMany =
    "確認の回答は1日{max}件までです。しばらくしてからお試しください。";
inline constexpr std::string_view kConfirmationBadReportIds =
    "報告ID（report_ids）は正の整数をカンマ区切りで{max}件まで指定してください。";
inline constexpr std::string_view kConfirmationBadUserIds =
    "ユーザーID（user_ids）は正の整数をカンマ区切りで{max}件まで指定してください。";
inline constexpr std::string_view kReporterSlowed =
    "最近の報告に「売り切れだった」との回答が多いため、次の報告までしばらくお待ちください。";
// Purchase reports: the catalogue product and the sale terms (sale_terms.hpp's limits).
inline constexpr std::string_view kPurchaseBadProductId = "商品（product_id）は正の整数で指定してください。";
inline constexpr std::string_view kPurchaseUnknownProduct =
    "選んだ商品は商品一覧にありません。一覧から選び直すか、「その他」で商品名を入力してください。";
inline constexpr std::string_view kBadSaleMethod =
    "販売方法（sale_method）はfirst_come・ticket・store_lottery・reservationのいずれかを指定してください。";
inline constexpr std::string_view kBadLimitCount = "購入制限の数（limit_count）は1〜{max}の整数で指定してください。";
inline constexpr std::string_view kBadLimitUnit =
    "購入制限の単位（limit_unit）はpack・box・itemのいずれかを指定してください。";
inline constexpr std::string_view kLimitNeedsCountAndUnit = "購入制限は数と単位を両方指定してください。";
inline constexpr std::string_view kBadSalesStartedAt =
    "販売開始時刻（sales_started_at）は日時（ISO 8601形式）で指定してください。";
inline constexpr std::string_view kSalesStartedAfterPurchase = "販売開始時刻は購入日時より前の時刻にしてください。";
inline constexpr std::string_view kSalesStartedTooEarly = "販売開始時刻は購入日時の{hours}時間前以降にしてください。";
// The lottery calendar feed (ICS) and its settings.
inline constexpr std::string_view kCalendarTooManyPrefectures = "カレンダーに含める都道府県は{max}件までです。";
inline constexpr std::string_view kCalendarBadPrefecture = "都道府県の指定が正しくありません。";
inline constexpr std::string_view kCalendarDuplicatePrefecture = "同じ都道府県が重複しています。";
inline constexpr std::string_view kCalendarFeedNotFound =
    "カレンダーのURLが無効です。マイページで新しいURLを発行してください。";
inline constexpr std::string_view kCalendarFeedTooMany =
    "カレンダーの取得が多すぎます。しばらくしてからお試しください。";
inline constexpr std::string_view kCalendarSaved = "カレンダーの設定を保存しました。";
inline constexpr std::string_view kCalendarTokenIssued = "カレンダーのURLを発行しました。";
inline constexpr std::string_view kCalendarTokenRevoked = "カレンダーのURLを停止しました。";
inline constexpr std::string_view kCalendarName = "ポケカ抽選カレンダー";
inline constexpr std::string_view kCalendarDescription =
    "お気に入り店舗と選んだ都道府県の抽選受付期間（ポケカ販売店マップ）";
inline constexpr std::string_view kCalendarSummary = "【抽選】{product}（{store}）";
inline constexpr std::string_view kCalendarAlarm24h = "抽選の締切まであと24時間：{product}（{store}）";
inline constexpr std::string_view kCalendarAlarm3h = "抽選の締切まであと3時間：{product}（{store}）";
inline constexpr std::string_view kCalendarDeadline = "締切：{time}";
inline constexpr std::string_view kCalendarApplyFrom = "受付開始：{time}";
inline constexpr std::string_view kCalendarResult = "結果発表：{time}";
inline constexpr std::string_view kCalendarPurchase = "購入期間：{from}〜{to}";
inline constexpr std::string_view kCalendarMethods = "応募方法：{methods}";
inline constexpr std::string_view kCalendarConditions = "条件：{conditions}";
inline constexpr std::string_view kCalendarNoConditions = "条件：特になし";
inline constexpr std::string_view kCalendarSource = "店舗の告知：{url}";
inline constexpr std::string_view kCalendarStorePage = "店舗ページ：{url}";

inline constexpr std::string_view kCalendarMethodLabels[] = {"店頭", "Web", "アプリ", "電話"};
inline constexpr std::string_view kCalendarConditionLabels[] = {"会員限定",   "購入実績が必要", "本人確認",
                                                                "来店が必要", "提携カード",     "その他"};

}  // namespace pokeca::msg
