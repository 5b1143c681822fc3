/**
 * Every i18n key a schema or rule of this package can produce, with its text in vi/en/ja.
 * Texts given by the spec are used verbatim. Placeholders use i18next syntax ({{min}}, {{max}});
 * `issueToMessage` (schemas/validate.ts) returns the values for them.
 */
import type { LocalizedText } from '../domain/constants.ts';
import { limitMessages } from './validation-limit-messages.ts';

const messages = {
  ...limitMessages,
  // Generic (login form uses validation.email, validation.required, validation.min_length)
  'validation.required': {
    vi: 'Trường này là bắt buộc',
    en: 'This field is required',
    ja: 'この項目は必須です',
  },
  // The pre-arrival form's consent to the privacy notice (issue 33, point 7)
  'privacy.errors.consentRequired': {
    en: 'Please read the privacy notice and agree to it to send the form',
    vi: 'Vui lòng đọc thông báo về quyền riêng tư và đồng ý để gửi biểu mẫu',
    ja: 'フォームを送信するには、プライバシーに関するお知らせを読んで同意してください',
  },
  'validation.invalid': { vi: 'Dữ liệu không hợp lệ', en: 'Invalid data', ja: '無効なデータです' },
  'validation.invalid_type': { vi: 'Giá trị không hợp lệ', en: 'Invalid value', ja: '無効な値です' },
  'validation.invalid_option': {
    vi: 'Vui lòng chọn một giá trị hợp lệ',
    en: 'Please choose a valid option',
    ja: '有効な選択肢を選んでください',
  },
  'validation.invalid_format': {
    vi: 'Định dạng không hợp lệ',
    en: 'Invalid format',
    ja: '形式が正しくありません',
  },
  'validation.email': {
    vi: 'Email không hợp lệ',
    en: 'Invalid email address',
    ja: 'メールアドレスが正しくありません',
  },
  'validation.phone': {
    vi: 'Số điện thoại không hợp lệ',
    en: 'Invalid phone number',
    ja: '電話番号が正しくありません',
  },
  'validation.integer': {
    vi: 'Vui lòng nhập số nguyên',
    en: 'Please enter a whole number',
    ja: '整数を入力してください',
  },
  'validation.duplicate_items': {
    vi: 'Danh sách có giá trị trùng lặp',
    en: 'The list contains duplicates',
    ja: '重複した値があります',
  },
  'validation.invalid_date': { vi: 'Ngày không hợp lệ', en: 'Invalid date', ja: '日付が正しくありません' },
  'validation.invalid_datetime': {
    vi: 'Thời gian không hợp lệ',
    en: 'Invalid date and time',
    ja: '日時が正しくありません',
  },
  'validation.future_date': {
    vi: 'Ngày phải ở trong tương lai',
    en: 'The date must be in the future',
    ja: '未来の日付を入力してください',
  },
  'validation.past_date': {
    vi: 'Ngày phải ở trong quá khứ',
    en: 'The date must be in the past',
    ja: '過去の日付を入力してください',
  },
  'validation.date_range': {
    vi: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc',
    en: 'The start date must be on or before the end date',
    ja: '開始日は終了日以前の日付にしてください',
  },
  'validation.invalid_characters': {
    vi: 'Có ký tự không được phép',
    en: 'Contains characters that are not allowed',
    ja: '使用できない文字が含まれています',
  },
  'validation.malformed_body': {
    vi: 'Dữ liệu gửi lên bị hỏng hoặc không đầy đủ',
    en: 'The data sent is malformed or incomplete',
    ja: '送信されたデータが壊れているか不完全です',
  },
  'validation.entry_date_too_far': {
    vi: 'Ngày nhập cảnh không được sau hôm nay quá 7 ngày',
    en: 'The entry date cannot be more than 7 days after today',
    ja: '入国日は今日から7日以内の日付にしてください',
  },
  'validation.birth_date_invalid': {
    vi: 'Ngày sinh phải từ năm 1900 đến hôm nay',
    en: 'The birth date must be between 1900 and today',
    ja: '生年月日は1900年から今日までの日付にしてください',
  },
  'validation.expiry_before_birth': {
    vi: 'Ngày hết hạn hộ chiếu phải sau ngày sinh',
    en: 'The passport expiry date must be after the birth date',
    ja: '旅券の有効期限は生年月日より後の日付にしてください',
  },
  'validation.too_deep': {
    vi: 'Dữ liệu gửi lên lồng nhau quá sâu',
    en: 'The data sent is nested too deeply',
    ja: '送信されたデータの入れ子が深すぎます',
  },
  'validation.invalid_id': {
    vi: 'Mã định danh không hợp lệ',
    en: 'Invalid identifier',
    ja: 'IDが正しくありません',
  },
  'validation.invalid_url': {
    vi: 'Địa chỉ URL không hợp lệ',
    en: 'Invalid URL',
    ja: 'URLが正しくありません',
  },
  'validation.password_mismatch': {
    vi: 'Mật khẩu xác nhận không khớp',
    en: 'Passwords do not match',
    ja: 'パスワードが一致しません',
  },
  'validation.password_contains_email': {
    vi: 'Mật khẩu không được chứa tên trong địa chỉ email',
    en: 'The password must not contain the name of the e-mail address',
    ja: 'パスワードにメールアドレスの名前部分を含めないでください',
  },
  'validation.password_common': {
    vi: 'Mật khẩu này quá phổ biến hoặc đã bị lộ; hãy chọn mật khẩu khác',
    en: 'This password is too common or has been leaked; choose another one',
    ja: 'このパスワードはよく使われているか漏洩しています。別のパスワードを選んでください',
  },
  'validation.password_short_without_consent': {
    vi: 'Mật khẩu cần ít nhất 12 ký tự (8 ký tự nếu người dùng đồng ý dùng mật khẩu ngắn hơn)',
    en: 'The password needs at least 12 characters (8 if the user agreed to a shorter one)',
    ja: 'パスワードは12文字以上必要です（利用者が短いパスワードに同意した場合は8文字以上）',
  },
  'validation.password_rule': {
    vi: 'Ít nhất 12 ký tự, mọi loại ký tự. Không dùng mật khẩu phổ biến hoặc tên trong email của bạn.',
    en: 'At least 12 characters of any kind. Not a common password, and not the name in your e-mail.',
    ja: '12文字以上（文字の種類は自由）。よく使われるパスワードやメールアドレスの名前は使えません。',
  },
  'validation.password_same': {
    vi: 'Mật khẩu mới phải khác mật khẩu hiện tại',
    en: 'The new password must differ from the current one',
    ja: '新しいパスワードは現在のパスワードと異なるものにしてください',
  },
  'validation.terms_required': {
    vi: 'Bạn cần đồng ý với các điều khoản',
    en: 'You must accept the terms',
    ja: '利用規約に同意してください',
  },
  'validation.unknown_field': {
    vi: 'Trường không được hỗ trợ',
    en: 'Unsupported field',
    ja: 'サポートされていない項目です',
  },
  'validation.no_changes': {
    vi: 'Không có thay đổi nào để lưu',
    en: 'There are no changes to save',
    ja: '保存する変更がありません',
  },

  // Traveller form
  'traveler.errors.passportInvalid': {
    vi: 'Số hộ chiếu không hợp lệ (6-12 ký tự chữ hoặc số)',
    en: 'Invalid passport number (6-12 alphanumeric characters)',
    ja: '旅券番号が正しくありません（英数字6～12文字）',
  },
  'traveler.errors.passportVnFormat': {
    vi: 'Số hộ chiếu Việt Nam phải gồm 1 chữ cái và 7 chữ số',
    en: 'A Vietnamese passport number must be 1 letter followed by 7 digits',
    ja: 'ベトナムの旅券番号は英字1文字と数字7桁です',
  },
  'traveler.errors.incompleteInfo': {
    vi: 'Vui lòng nhập đầy đủ thông tin',
    en: 'Please provide complete information',
    ja: '必要な情報をすべて入力してください',
  },
  'traveler.errors.nationalityInvalid': {
    vi: 'Quốc tịch phải là mã quốc gia gồm 2 chữ cái',
    en: 'Nationality must be a two-letter country code',
    ja: '国籍は2文字の国コードで入力してください',
  },
  'traveler.errors.airportInvalid': {
    vi: 'Mã sân bay phải gồm 3 chữ cái',
    en: 'Airport code must be 3 letters',
    ja: '空港コードは英字3文字で入力してください',
  },
  'traveler.errors.flightNoInvalid': {
    vi: 'Số hiệu chuyến bay không hợp lệ',
    en: 'Invalid flight number',
    ja: '便名が正しくありません',
  },

  // Health declaration
  'declaration.errors.travelerRequired': {
    vi: 'Vui lòng chọn người nhập cảnh',
    en: 'Please select a traveller',
    ja: '入国者を選択してください',
  },
  'declaration.errors.fullNameRequired': {
    vi: 'Họ và tên là bắt buộc',
    en: 'Full name is required',
    ja: '氏名は必須です',
  },
  'declaration.errors.passportNumberRequired': {
    vi: 'Số hộ chiếu là bắt buộc',
    en: 'Passport number is required',
    ja: '旅券番号は必須です',
  },
  'declaration.errors.phoneRequired': {
    vi: 'Số điện thoại là bắt buộc',
    en: 'Phone number is required',
    ja: '電話番号は必須です',
  },
  'declaration.errors.phoneInvalid': {
    vi: 'Số điện thoại không hợp lệ',
    en: 'Invalid phone number',
    ja: '電話番号が正しくありません',
  },
  'declaration.errors.emailInvalid': {
    vi: 'Email không hợp lệ',
    en: 'Invalid email address',
    ja: 'メールアドレスが正しくありません',
  },
  'declaration.errors.temperatureRequired': {
    vi: 'Vui lòng nhập nhiệt độ cơ thể',
    en: 'Please enter the body temperature',
    ja: '体温を入力してください',
  },
  'declaration.errors.temperatureInvalid': {
    vi: 'Nhiệt độ cơ thể phải là một số, ví dụ 37,5',
    en: 'Body temperature must be a number, for example 37.5',
    ja: '体温は数値で入力してください（例: 37.5）',
  },
  'declaration.errors.temperatureRange': {
    vi: 'Nhiệt độ cơ thể phải từ 35°C đến 45°C',
    en: 'Body temperature must be between 35°C and 45°C',
    ja: '体温は35°Cから45°Cの範囲で入力してください',
  },
  'declaration.errors.temperatureStep': {
    vi: 'Nhiệt độ cơ thể chỉ được có một chữ số thập phân',
    en: 'Body temperature may have at most one decimal place',
    ja: '体温は小数点以下1桁までで入力してください',
  },
  'declaration.errors.vaccinationStatusRequired': {
    vi: 'Vui lòng chọn mức độ tiêm chủng',
    en: 'Please select a vaccination status',
    ja: 'ワクチン接種状況を選択してください',
  },
  'declaration.errors.commitmentRequired': {
    vi: 'Bạn cần cam kết về tính chính xác của thông tin',
    en: 'You must confirm that the information is accurate',
    ja: '申告内容が正確であることを確認してください',
  },

  // Files
  'files.errors.tooLarge': {
    vi: 'File không được vượt quá 5MB',
    en: 'File must not exceed 5MB',
    ja: 'ファイルは5MB以下にしてください',
  },
  'files.errors.tooLargeGeneric': {
    vi: 'Tệp quá lớn. Kích thước tối đa: 5MB',
    en: 'File(s) too large. Maximum size: 5MB',
    ja: 'ファイルが大きすぎます。最大サイズ：5MB',
  },
  'files.errors.unsupportedType': {
    vi: 'Chỉ chấp nhận file PNG, JPG hoặc PDF',
    en: 'Only PNG, JPG and PDF files are allowed',
    ja: 'PNG、JPG、PDFファイルのみアップロードできます',
  },
  'files.errors.empty': { vi: 'File rỗng', en: 'The file is empty', ja: 'ファイルが空です' },
  'files.errors.contentMismatch': {
    vi: 'Nội dung file không khớp với loại file',
    en: 'The file content does not match its type',
    ja: 'ファイルの内容が形式と一致しません',
  },
  'files.errors.notAttachable': {
    vi: 'File không tồn tại hoặc do người khác tải lên',
    en: 'The file does not exist or was uploaded by someone else',
    ja: 'ファイルが存在しないか、別のユーザーがアップロードしたものです',
  },

  // Registration
  'registration.errors.ageRange': {
    vi: 'Tuổi phải từ 18 đến 120',
    en: 'Age must be between 18 and 120',
    ja: '年齢は18歳から120歳の範囲で入力してください',
  },

  // Sync envelope
  'sync.validation.declarationIdMismatch': {
    vi: 'Mã khai báo y tế phải trùng với mã người nhập cảnh (mỗi người một khai báo)',
    en: 'A health declaration must have its traveller’s id (one declaration per traveller)',
    ja: '健康申告のIDは入国者のIDと一致する必要があります（入国者1人につき1件）',
  },
  'sync.validation.invalidRecordId': {
    vi: 'Mã bản ghi không hợp lệ',
    en: 'Invalid record id',
    ja: 'レコードIDが正しくありません',
  },
  'sync.validation.baseVersionRequired': {
    vi: 'Thiếu phiên bản gốc của bản ghi',
    en: 'The base version of the record is required',
    ja: 'レコードの基準バージョンが必要です',
  },
  'sync.validation.baseVersionNotAllowed': {
    vi: 'Bản ghi mới không được có phiên bản gốc',
    en: 'A new record must not have a base version',
    ja: '新規レコードに基準バージョンは指定できません',
  },
  'sync.validation.dataRequired': {
    vi: 'Thiếu dữ liệu bản ghi',
    en: 'Record data is required',
    ja: 'レコードデータが必要です',
  },
  'sync.validation.dataNotAllowed': {
    vi: 'Thao tác xóa không được kèm dữ liệu',
    en: 'A delete must not carry data',
    ja: '削除操作にデータは指定できません',
  },
  'sync.validation.opNotAllowed': {
    vi: 'Thao tác này không được phép với bảng này',
    en: 'This operation is not allowed on this table',
    ja: 'このテーブルではこの操作はできません',
  },
  'sync.validation.invalidClientId': {
    vi: 'Mã thiết bị không hợp lệ',
    en: 'Invalid client id',
    ja: 'クライアントIDが正しくありません',
  },
  'sync.validation.noMutations': {
    vi: 'Không có thay đổi nào để đồng bộ',
    en: 'There are no changes to sync',
    ja: '同期する変更がありません',
  },
  'sync.validation.seqOrder': {
    vi: 'Số thứ tự thay đổi phải tăng dần và không trùng lặp',
    en: 'Change sequence numbers must be strictly increasing',
    ja: '変更の連番は重複のない昇順である必要があります',
  },

  // Fast intake (pre-arrival reference code)
  'preArrival.errors.codeInvalid': {
    vi: 'Mã tham chiếu không hợp lệ',
    en: 'Invalid reference code',
    ja: '参照コードが正しくありません',
  },
  // Traveller lifecycle (domain/lifecycle.ts) and timeline events
  'lifecycle.errors.transitionForbidden': {
    vi: 'Không thể chuyển người nhập cảnh sang trạng thái này từ trạng thái hiện tại',
    en: 'The traveller cannot move to this status from their current status',
    ja: '現在の状態からこの状態へは変更できません',
  },
  'lifecycle.errors.reasonRequired': {
    vi: 'Vui lòng nhập lý do điều chỉnh',
    en: 'Please give the reason for the correction',
    ja: '訂正の理由を入力してください',
  },
  'post.errors.timeZone': {
    vi: 'Nhập múi giờ, ví dụ Asia/Ho_Chi_Minh',
    en: 'Enter a time zone such as Asia/Ho_Chi_Minh',
    ja: 'Asia/Ho_Chi_Minh のようなタイムゾーンを入力してください',
  },
  'lifecycle.errors.correctionAdminOnly': {
    vi: 'Chỉ quản trị viên hoặc giám sát viên của cửa khẩu mới được điều chỉnh trạng thái ngoài quy trình',
    en: "Only an administrator or the post's supervisor may correct a status outside the workflow",
    ja: '手順外の状態訂正は管理者または検疫所の監督者のみ行えます',
  },
  'lifecycle.errors.travelerNotFound': {
    vi: 'Không tìm thấy người nhập cảnh',
    en: 'The traveller does not exist',
    ja: '入国者が見つかりません',
  },
  'validation.invalid_week': {
    vi: 'Tuần không hợp lệ (dạng YYYY-Www, ví dụ 2026-W05)',
    en: 'Invalid week (format YYYY-Www, e.g. 2026-W05)',
    ja: '週が正しくありません（YYYY-Www 形式、例：2026-W05）',
  },
  'validation.invalid_month': {
    vi: 'Tháng không hợp lệ (dạng YYYY-MM, ví dụ 2026-02)',
    en: 'Invalid month (format YYYY-MM, e.g. 2026-02)',
    ja: '月が正しくありません（YYYY-MM 形式、例：2026-02）',
  },
  'validation.report_range_too_long': {
    vi: 'Khoảng thời gian báo cáo tối đa là 366 ngày',
    en: 'A report covers at most 366 days',
    ja: 'レポートの期間は最大366日です',
  },
} as const satisfies Record<string, LocalizedText>;

/** A key of `validationMessages`. */
export type ValidationMessageKey = keyof typeof messages;

/** Every validation key with its vi/en/ja text. */
export const validationMessages: Readonly<Record<string, LocalizedText>> = messages;
