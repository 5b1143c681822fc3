/**
 * The words of a report download (CSV sections, workbook sheets, headers, figure names) in
 * every language, for a person reading the file. Without a language the server keeps the
 * machine keys (riskLevel, count, "Summary"), which scripts read.
 */
import type { LocalizedText } from '../domain/constants.ts';

const text = (vi: string, en: string, ja: string): LocalizedText => ({ vi, en, ja });

export const REPORT_TEXTS = {
  sheet: {
    summary: text('Tổng quan', 'Summary', '概要'),
    riskLevels: text('Mức nguy cơ', 'Risk levels', 'リスク区分'),
    statuses: text('Trạng thái', 'Statuses', '状態'),
    nationalities: text('Quốc tịch', 'Nationalities', '国籍'),
    quarantine: text('Cách ly', 'Quarantine', '隔離'),
    days: text('Theo ngày', 'Days', '日別'),
  },
  column: {
    postCode: text('Mã cửa khẩu', 'Post code', '検疫所コード'),
    post: text('Cửa khẩu', 'Post', '検疫所'),
    metric: text('Chỉ số', 'Figure', '項目'),
    value: text('Giá trị', 'Value', '値'),
    riskLevel: text('Mức nguy cơ', 'Risk level', 'リスク'),
    count: text('Số lượng', 'Count', '件数'),
    status: text('Trạng thái', 'Status', '状態'),
    country: text('Quốc gia', 'Country', '国'),
    code: text('Mã quốc gia', 'Country code', '国コード'),
    date: text('Ngày', 'Date', '日付'),
  },
  figure: {
    period: text('Loại báo cáo', 'Report', 'レポート'),
    from: text('Từ ngày', 'From', '開始日'),
    to: text('Đến ngày', 'To', '終了日'),
    timeZone: text('Múi giờ', 'Time zone', 'タイムゾーン'),
    arrivals: text('Người nhập cảnh', 'Arrivals', '入国者'),
    declarations: text('Tờ khai y tế', 'Health declarations', '健康申告'),
    highRisk: text('Nguy cơ cao', 'High risk', '高リスク'),
    generatedAt: text('Lập lúc', 'Generated at', '作成日時'),
    started: text('Bắt đầu cách ly', 'Quarantines started', '隔離開始'),
    active: text('Đang cách ly', 'In quarantine now', '隔離中'),
    released: text('Kết thúc cách ly', 'Released', '隔離終了'),
    referred: text('Chuyển viện', 'Referred to hospital', '病院へ搬送'),
    overdue: text('Quá hạn kiểm tra', 'Overdue check-ins', '健康確認の期限超過'),
  },
  /** The post column of the rows that roll up every post of the download. */
  allPosts: text('Tất cả cửa khẩu', 'All posts', 'すべての検疫所'),
  kind: {
    daily: text('Theo ngày', 'Daily', '日次'),
    weekly: text('Theo tuần', 'Weekly', '週次'),
    monthly: text('Theo tháng', 'Monthly', '月次'),
    custom: text('Tùy chọn', 'Custom', '期間指定'),
  },
  risk: {
    low: text('Thấp', 'Low', '低'),
    medium: text('Trung bình', 'Medium', '中'),
    high: text('Cao', 'High', '高'),
  },
} as const;
