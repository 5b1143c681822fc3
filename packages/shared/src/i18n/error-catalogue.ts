/**
 * Error catalogue (docs/spec.md §8): generic error messages (`errors.*`, one per API error code),
 * sync and offline-app errors (`sync.errors.*`) and other failures shown to the user.
 * English and Vietnamese are the spec's texts where it gives them.
 */
import type { LocalizedText } from '../domain/constants.ts';

const catalogue = {
  'errors.network_error': {
    en: 'Network connection error',
    vi: 'Lỗi kết nối mạng',
    ja: 'ネットワーク接続エラー',
  },
  'errors.timeout_error': {
    en: 'Request timeout',
    vi: 'Yêu cầu quá thời gian chờ',
    ja: 'リクエストがタイムアウトしました',
  },
  'errors.unauthorized': {
    en: 'You need to login to continue',
    vi: 'Bạn cần đăng nhập để tiếp tục',
    ja: '続行するにはログインしてください',
  },
  'errors.device_revoked': {
    en: 'This device was signed out by an administrator',
    vi: 'Thiết bị này đã bị quản trị viên đăng xuất',
    ja: 'この端末は管理者によってサインアウトされました',
  },
  'errors.forbidden': {
    en: "You don't have permission to perform this action",
    vi: 'Bạn không có quyền thực hiện thao tác này',
    ja: 'この操作を実行する権限がありません',
  },
  'errors.not_found': { en: 'Data not found', vi: 'Không tìm thấy dữ liệu', ja: 'データが見つかりません' },
  'errors.conflict': { en: 'Data conflict', vi: 'Dữ liệu bị xung đột', ja: 'データが競合しています' },
  'errors.validation_error': {
    en: 'Invalid data',
    vi: 'Dữ liệu không hợp lệ',
    ja: 'データが正しくありません',
  },
  'errors.server_error': {
    en: 'Server error, please try again later',
    vi: 'Lỗi máy chủ, vui lòng thử lại sau',
    ja: 'サーバーエラーです。しばらくしてから再度お試しください',
  },
  'errors.unknown_error': {
    en: 'An unknown error occurred',
    vi: 'Có lỗi không xác định xảy ra',
    ja: '不明なエラーが発生しました',
  },
  'errors.rate_limited': {
    en: 'Too many requests, please try again later',
    vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください',
  },
  'errors.payload_too_large': {
    en: 'File(s) too large. Maximum size: 5MB',
    vi: 'File không được vượt quá 5MB',
    ja: 'ファイルが大きすぎます。最大サイズ：5MB',
  },
  'errors.unsupported_media_type': {
    en: 'Only PNG, JPG and PDF files are allowed',
    vi: 'Chỉ chấp nhận file PNG, JPG hoặc PDF',
    ja: 'PNG、JPG、PDFファイルのみアップロードできます',
  },
  'errors.save_error': {
    en: 'An error occurred while saving. Please try again.',
    vi: 'Có lỗi xảy ra khi lưu. Vui lòng thử lại.',
    ja: '保存中にエラーが発生しました。もう一度お試しください。',
  },

  'sync.errors.offline': {
    en: 'Cannot sync while offline',
    vi: 'Không thể đồng bộ khi đang ngoại tuyến',
    ja: 'オフライン中は同期できません',
  },
  'sync.errors.downloadOffline': {
    en: 'Cannot download data while offline',
    vi: 'Không thể tải dữ liệu khi đang ngoại tuyến',
    ja: 'オフライン中はデータをダウンロードできません',
  },
  'sync.errors.pushSubscriptionOffline': {
    en: 'Cannot save push subscription while offline',
    vi: 'Không thể lưu đăng ký thông báo đẩy khi đang ngoại tuyến',
    ja: 'オフライン中はプッシュ通知の登録を保存できません',
  },
  'sync.errors.apiTimeout': {
    en: 'API call timeout',
    vi: 'Gọi API quá thời gian chờ',
    ja: 'API呼び出しがタイムアウトしました',
  },
  'sync.errors.itemNotRetryable': {
    en: 'Item cannot be retried',
    vi: 'Mục này không thể thử lại',
    ja: 'この項目は再試行できません',
  },
  'sync.errors.travelerNotFound': {
    en: 'Traveler with id {{id}} not found',
    vi: 'Không tìm thấy người nhập cảnh có mã {{id}}',
    ja: 'ID {{id}} の入国者が見つかりません',
  },
  'sync.errors.databaseNotInitialized': {
    en: 'Database not initialized',
    vi: 'Cơ sở dữ liệu chưa được khởi tạo',
    ja: 'データベースが初期化されていません',
  },
  'sync.errors.mergedDataRequired': {
    en: 'Merged data required for manual merge resolution',
    vi: 'Cần có dữ liệu đã hợp nhất để giải quyết xung đột thủ công',
    ja: '手動マージには統合後のデータが必要です',
  },
  'sync.errors.forceUpdateFailed': {
    en: 'Failed to force update',
    vi: 'Không thể cưỡng chế cập nhật',
    ja: '強制更新に失敗しました',
  },
  'sync.errors.unknownTable': {
    en: 'Unknown table: {{table}}',
    vi: 'Bảng không xác định: {{table}}',
    ja: '不明なテーブル：{{table}}',
  },
  'sync.errors.unknownOperation': {
    en: 'Unknown operation: {{operation}}',
    vi: 'Thao tác không xác định: {{operation}}',
    ja: '不明な操作：{{operation}}',
  },
  'sync.errors.serverDataLost': {
    en: 'The server lost recent data; your device is sending it again',
    vi: 'Máy chủ bị mất dữ liệu gần đây; thiết bị đang gửi lại dữ liệu',
    ja: 'サーバーで最近のデータが失われたため、端末から再送信しています',
  },
  'sync.errors.storageQuotaExceeded': {
    en: 'The device storage is full. Free some space so that data can be kept offline.',
    vi: 'Bộ nhớ thiết bị đã đầy. Hãy giải phóng dung lượng để lưu dữ liệu ngoại tuyến.',
    ja: '端末のストレージがいっぱいです。オフラインでデータを保存するには空き容量を確保してください。',
  },

  'auth.loginError': {
    en: 'Invalid email or password!',
    vi: 'Email hoặc mật khẩu không đúng!',
    ja: 'メールアドレスまたはパスワードが正しくありません！',
  },
  'auth.loginServerError': {
    en: 'An error occurred, please try again!',
    vi: 'Đã có lỗi xảy ra, vui lòng thử lại!',
    ja: 'エラーが発生しました。もう一度お試しください！',
  },
  'declaration.errors.submitFailed': {
    en: 'An error occurred while submitting the declaration. Please try again.',
    vi: 'Có lỗi xảy ra khi nộp khai báo. Vui lòng thử lại.',
    ja: '申告の送信中にエラーが発生しました。もう一度お試しください。',
  },
  'qr.errors.scanFailed': { en: 'QR scan error', vi: 'Lỗi quét mã QR', ja: 'QRコードの読み取りエラー' },

  // Fast intake (duplicate guard, deletes)
  'traveler.errors.duplicate': {
    en: 'This passport is already registered with an entry date within one day',
    vi: 'Hộ chiếu này đã được đăng ký với ngày nhập cảnh cách không quá một ngày',
    ja: 'この旅券は入国日が1日以内の記録ですでに登録されています',
  },
  'traveler.errors.deleteNotAllowed': {
    en: 'You can delete only travellers you created in the last 24 hours',
    vi: 'Bạn chỉ có thể xóa hành khách do mình tạo trong 24 giờ qua',
    ja: '削除できるのは24時間以内に自分が登録した旅行者だけです',
  },
  // Security hardening (issue 13 items 4, 5, 7, 8, 10, 11)
  'sync.errors.clientIdOfAnotherUser': {
    en: 'This device identifier belongs to another user. Sign out and sign in again to sync.',
    vi: 'Mã thiết bị này thuộc về người dùng khác. Hãy đăng xuất rồi đăng nhập lại để đồng bộ.',
    ja: 'この端末IDは別のユーザーのものです。同期するには一度ログアウトして再度ログインしてください。',
  },
  // Traveller lifecycle (issue 14)
  'errors.unprocessable': {
    en: 'This change is not allowed',
    vi: 'Thay đổi này không được phép',
    ja: 'この変更はできません',
  },

  'push.errors.endpointNotAllowed': {
    en: 'This push service is not accepted. Use a current browser (Chrome, Edge, Firefox or Safari).',
    vi: 'Dịch vụ thông báo đẩy này không được chấp nhận. Hãy dùng trình duyệt hiện hành (Chrome, Edge, Firefox hoặc Safari).',
    ja: 'このプッシュサービスは受け付けられません。最新のブラウザ（Chrome、Edge、Firefox、Safari）をご利用ください。',
  },
  // Points of entry (issue 32)
  'post.errors.codeTaken': {
    en: 'Another post already has this code',
    vi: 'Mã này đã được dùng cho một cửa khẩu khác',
    ja: 'このコードは別の検疫所で使われています',
  },
  'post.errors.unknownPost': {
    en: 'This post does not exist',
    vi: 'Cửa khẩu này không tồn tại',
    ja: 'この検疫所は存在しません',
  },
  'post.errors.outOfScope': {
    en: 'This record belongs to a post you do not work at',
    vi: 'Hồ sơ này thuộc cửa khẩu bạn không làm việc',
    ja: 'この記録はあなたの担当外の検疫所のものです',
  },
  'post.errors.noPost': {
    en: 'You are not assigned to a post yet; ask your administrator',
    vi: 'Bạn chưa được phân công cửa khẩu; hãy liên hệ quản trị viên',
    ja: 'まだ検疫所に割り当てられていません。管理者に連絡してください',
  },
  'post.errors.closed': {
    en: 'This post is closed',
    vi: 'Cửa khẩu này đã đóng',
    ja: 'この検疫所は閉鎖されています',
  },
  'post.errors.samePost': {
    en: 'The traveller is already at this post',
    vi: 'Hành khách đã thuộc cửa khẩu này',
    ja: 'この旅行者はすでにこの検疫所に所属しています',
  },
  'traveler.errors.duplicateAtPost': {
    en: 'This passport is already registered at post {{post}} with an entry date within one day',
    vi: 'Hộ chiếu này đã được đăng ký tại cửa khẩu {{post}} với ngày nhập cảnh cách không quá một ngày',
    ja: 'この旅券は検疫所 {{post}} で入国日が1日以内の記録としてすでに登録されています',
  },
  // Retention and the traveller's rights (issue 33, points 6 and 7)
  'privacy.errors.legalHold': {
    en: 'This traveller is under a legal hold: their data cannot be erased until the hold is cleared',
    vi: 'Hành khách này đang bị giữ lại theo yêu cầu pháp lý: không thể xóa dữ liệu cho đến khi gỡ lệnh giữ',
    ja: 'この旅行者には法的保全が設定されています。保全が解除されるまでデータを消去できません',
  },
  'privacy.errors.anonymised': {
    en: "This traveller's personal data has already been erased",
    vi: 'Dữ liệu cá nhân của hành khách này đã bị xóa',
    ja: 'この旅行者の個人データはすでに消去されています',
  },
  'privacy.errors.alreadyHeld': {
    en: 'This traveller is already under a legal hold',
    vi: 'Hành khách này đã đang bị giữ lại theo yêu cầu pháp lý',
    ja: 'この旅行者にはすでに法的保全が設定されています',
  },
  'privacy.errors.consentRecorded': {
    en: "This traveller's consent to the privacy notice is already recorded",
    vi: 'Sự đồng ý của hành khách này với thông báo về quyền riêng tư đã được ghi nhận',
    ja: 'この旅行者のプライバシーに関するお知らせへの同意はすでに記録されています',
  },
  'privacy.errors.notHeld': {
    en: 'This traveller is not under a legal hold',
    vi: 'Hành khách này không bị giữ lại theo yêu cầu pháp lý',
    ja: 'この旅行者には法的保全が設定されていません',
  },
} as const satisfies Record<string, LocalizedText>;

export type ErrorCatalogueKey = keyof typeof catalogue;

/** Every error message key with its vi/en/ja text. */
export const errorCatalogue: Readonly<Record<string, LocalizedText>> = catalogue;
