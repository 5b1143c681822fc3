/**
 * Non-error messages whose text the spec fixes (results, confirmations, offline page).
 */
import type { LocalizedText } from '../domain/constants.ts';

const messages = {
  'auth.loginSuccess': { en: 'Login successful!', vi: 'Đăng nhập thành công!', ja: 'ログインしました！' },
  'traveler.savedConfirm': {
    en: 'Traveler information saved successfully! Would you like to proceed to health declaration?',
    vi: 'Thông tin người nhập cảnh đã được lưu thành công! Bạn có muốn tiếp tục khai báo y tế không?',
    ja: '入国者情報を保存しました。続けて健康申告を行いますか？',
  },
  'declaration.result.low': {
    en: 'Declaration submitted! You may continue with the entry procedure.',
    vi: 'Khai báo thành công! Bạn có thể tiếp tục thủ tục nhập cảnh.',
    ja: '申告が完了しました。入国手続きを続けてください。',
  },
  'declaration.result.medium': {
    en: 'Declaration submitted. Further tests may be required.',
    vi: 'Khai báo thành công. Bạn có thể cần làm thêm xét nghiệm.',
    ja: '申告が完了しました。追加の検査が必要になる場合があります。',
  },
  'declaration.result.high': {
    en: 'Declaration submitted. A thorough medical check is required before entry.',
    vi: 'Khai báo thành công. Bạn cần được kiểm tra y tế kỹ lưỡng trước khi nhập cảnh.',
    ja: '申告が完了しました。入国前に詳しい健康診断が必要です。',
  },
  'offline.title': { en: 'You are offline', vi: 'Bạn đang ngoại tuyến', ja: 'オフラインです' },
  'offline.description': {
    en: 'Unable to connect to server. Please check your internet connection and try again.',
    vi: 'Không thể kết nối đến máy chủ. Vui lòng kiểm tra kết nối internet và thử lại.',
    ja: 'サーバーに接続できません。インターネット接続を確認して、もう一度お試しください。',
  },
  'offline.syncLater': {
    en: 'Data will be synced when connection is available',
    vi: 'Dữ liệu sẽ được đồng bộ khi có kết nối',
    ja: '接続が回復するとデータが同期されます',
  },
  'notFound.description': {
    en: 'The page you requested was not found.',
    vi: 'Không tìm thấy trang bạn yêu cầu.',
    ja: 'お探しのページが見つかりませんでした。',
  },
} as const satisfies Record<string, LocalizedText>;

export type InfoMessageKey = keyof typeof messages;

export const infoMessages: Readonly<Record<string, LocalizedText>> = messages;
