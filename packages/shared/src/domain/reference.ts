/**
 * Reference lists (docs/spec.md §3): countries, airports, flights and every closed set of values
 * (enums) with their labels in vi/en/ja. The value tuples are used by the zod schemas.
 */
import { type LocalizedText, SYSTEM_MODES } from './constants.ts';

export type Option<T extends string> = {
  readonly value: T;
  readonly label: LocalizedText;
};

/**
 * The options of a closed set, in the order of its values: the labels are keyed by value, so a value
 * without a label (or a label of no value) does not compile.
 */
function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, LocalizedText>,
): readonly Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Two-letter country code with its name in every locale. */
export type Country = { readonly code: string; readonly name: LocalizedText };

/** Countries offered in the traveller form (nationality). */
export const COUNTRIES: readonly Country[] = [
  { code: 'VN', name: { vi: 'Việt Nam', en: 'Vietnam', ja: 'ベトナム' } },
  { code: 'US', name: { vi: 'Hoa Kỳ', en: 'United States', ja: 'アメリカ合衆国' } },
  { code: 'JP', name: { vi: 'Nhật Bản', en: 'Japan', ja: '日本' } },
  { code: 'KR', name: { vi: 'Hàn Quốc', en: 'South Korea', ja: '韓国' } },
  { code: 'CN', name: { vi: 'Trung Quốc', en: 'China', ja: '中国' } },
  { code: 'TH', name: { vi: 'Thái Lan', en: 'Thailand', ja: 'タイ' } },
  { code: 'SG', name: { vi: 'Singapore', en: 'Singapore', ja: 'シンガポール' } },
  { code: 'MY', name: { vi: 'Malaysia', en: 'Malaysia', ja: 'マレーシア' } },
  { code: 'AU', name: { vi: 'Úc', en: 'Australia', ja: 'オーストラリア' } },
  { code: 'GB', name: { vi: 'Vương quốc Anh', en: 'United Kingdom', ja: 'イギリス' } },
  { code: 'FR', name: { vi: 'Pháp', en: 'France', ja: 'フランス' } },
  { code: 'DE', name: { vi: 'Đức', en: 'Germany', ja: 'ドイツ' } },
];

/** Countries offered in the traveller search panel: the form list plus Spain. */
export const FILTER_COUNTRIES: readonly Country[] = [
  ...COUNTRIES,
  { code: 'ES', name: { vi: 'Tây Ban Nha', en: 'Spain', ja: 'スペイン' } },
];

/** Airport IATA code, airport name and city in every locale. */
export type Airport = { readonly code: string; readonly name: string; readonly city: LocalizedText };
const airport = (code: string, name: string, city: LocalizedText): Airport => ({ code, name, city });

const HAN = airport('HAN', 'Noi Bai International Airport', { vi: 'Hà Nội', en: 'Hanoi', ja: 'ハノイ' });
const SGN = airport('SGN', 'Tan Son Nhat International Airport', {
  vi: 'TP. Hồ Chí Minh',
  en: 'Ho Chi Minh City',
  ja: 'ホーチミン',
});
const DAD = airport('DAD', 'Da Nang International Airport', { vi: 'Đà Nẵng', en: 'Da Nang', ja: 'ダナン' });
const CXR = airport('CXR', 'Cam Ranh International Airport', {
  vi: 'Nha Trang',
  en: 'Nha Trang',
  ja: 'ニャチャン',
});
const PQC = airport('PQC', 'Phu Quoc International Airport', {
  vi: 'Phú Quốc',
  en: 'Phu Quoc',
  ja: 'フーコック',
});

/** Airports a flight may come from. */
export const ORIGIN_AIRPORTS: readonly Airport[] = [
  HAN,
  SGN,
  DAD,
  CXR,
  PQC,
  airport('DOH', 'Hamad International Airport', { vi: 'Doha', en: 'Doha', ja: 'ドーハ' }),
  airport('SIN', 'Singapore Changi Airport', { vi: 'Singapore', en: 'Singapore', ja: 'シンガポール' }),
  airport('NRT', 'Narita International Airport', { vi: 'Tokyo', en: 'Tokyo', ja: '東京' }),
  airport('ICN', 'Incheon International Airport', { vi: 'Seoul', en: 'Seoul', ja: 'ソウル' }),
  airport('LAX', 'Los Angeles International Airport', {
    vi: 'Los Angeles',
    en: 'Los Angeles',
    ja: 'ロサンゼルス',
  }),
];

/** Airports of arrival (Vietnam). */
export const DESTINATION_AIRPORTS: readonly Airport[] = [SGN, HAN, DAD, CXR, PQC];

/** Flight numbers suggested in the traveller form. */
export const FLIGHT_SUGGESTIONS = ['VN123', 'VN456', 'QR123', 'SQ456'] as const;

export const PURPOSES_OF_VISIT = [
  'tourism',
  'business',
  'study',
  'work',
  'family',
  'medical',
  'other',
] as const;
export type PurposeOfVisit = (typeof PURPOSES_OF_VISIT)[number];
export const PURPOSE_OF_VISIT_OPTIONS = optionsOf(PURPOSES_OF_VISIT, {
  tourism: { vi: 'Du lịch', en: 'Tourism', ja: '観光' },
  business: { vi: 'Công tác', en: 'Business', ja: '商用' },
  study: { vi: 'Học tập', en: 'Study', ja: '留学' },
  work: { vi: 'Làm việc', en: 'Work', ja: '就労' },
  family: { vi: 'Thăm thân', en: 'Family visit', ja: '家族訪問' },
  medical: { vi: 'Khám chữa bệnh', en: 'Medical treatment', ja: '医療' },
  other: { vi: 'Khác', en: 'Other', ja: 'その他' },
});

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_OPTIONS = optionsOf(GENDERS, {
  male: { vi: 'Nam', en: 'Male', ja: '男性' },
  female: { vi: 'Nữ', en: 'Female', ja: '女性' },
  other: { vi: 'Khác', en: 'Other', ja: 'その他' },
});

export const RISK_ZONES = ['wuhan', 'lombardy', 'qom', 'daegu'] as const;
export type RiskZoneId = (typeof RISK_ZONES)[number];
/** Risk zones (last 14 days); `contactFlag` is the matching contactHistory flag of the declaration. */
export const RISK_ZONE_OPTIONS: readonly (Option<RiskZoneId> & {
  readonly contactFlag: 'visitedWuhan' | 'visitedItaly' | 'visitedIran' | 'visitedKorea';
})[] = [
  {
    value: 'wuhan',
    contactFlag: 'visitedWuhan',
    label: { vi: 'Vũ Hán, Trung Quốc', en: 'Wuhan, China', ja: '武漢（中国）' },
  },
  {
    value: 'lombardy',
    contactFlag: 'visitedItaly',
    label: { vi: 'Lombardy, Ý', en: 'Lombardy, Italy', ja: 'ロンバルディア（イタリア）' },
  },
  {
    value: 'qom',
    contactFlag: 'visitedIran',
    label: { vi: 'Qom, Iran', en: 'Qom, Iran', ja: 'コム（イラン）' },
  },
  {
    value: 'daegu',
    contactFlag: 'visitedKorea',
    label: { vi: 'Daegu, Hàn Quốc', en: 'Daegu, Korea', ja: '大邱（韓国）' },
  },
];

export const VACCINATION_STATUSES = ['unvaccinated', 'partial', 'full', 'booster'] as const;
export type VaccinationStatus = (typeof VACCINATION_STATUSES)[number];
export const VACCINATION_STATUS_OPTIONS = optionsOf(VACCINATION_STATUSES, {
  unvaccinated: { vi: 'Chưa tiêm', en: 'Not vaccinated', ja: '未接種' },
  partial: { vi: 'Đã tiêm 1 mũi', en: 'Partially vaccinated (1 dose)', ja: '1回接種済み' },
  full: { vi: 'Đã tiêm đủ 2 mũi', en: 'Fully vaccinated (2 doses)', ja: '2回接種済み' },
  booster: { vi: 'Đã tiêm mũi nhắc lại', en: 'Booster dose', ja: '追加接種済み' },
});

export const SYMPTOMS = [
  'fever',
  'cough',
  'breathingDifficulty',
  'lossOfTasteSmell',
  'soreThroat',
  'headache',
] as const;
export type SymptomId = (typeof SYMPTOMS)[number];
export const SYMPTOM_OPTIONS = optionsOf(SYMPTOMS, {
  fever: { vi: 'Sốt', en: 'Fever', ja: '発熱' },
  cough: { vi: 'Ho', en: 'Cough', ja: '咳' },
  breathingDifficulty: { vi: 'Khó thở', en: 'Difficulty breathing', ja: '息苦しさ' },
  lossOfTasteSmell: {
    vi: 'Mất vị giác hoặc khứu giác',
    en: 'Loss of taste or smell',
    ja: '味覚・嗅覚の異常',
  },
  soreThroat: { vi: 'Đau họng', en: 'Sore throat', ja: '喉の痛み' },
  headache: { vi: 'Đau đầu', en: 'Headache', ja: '頭痛' },
});

export const TRAVELER_STATUSES = [
  'pending',
  'declared',
  'tested',
  'cleared',
  'quarantine',
  'rejected',
  'referred',
  'unknown',
] as const;
export type TravelerStatus = (typeof TRAVELER_STATUSES)[number];
type TravelerStatusOption = Option<TravelerStatus> & { readonly labelKey: string };
const statusOption = (
  value: TravelerStatus,
  label: LocalizedText,
  key: string = value,
): TravelerStatusOption => ({
  value,
  labelKey: `travelers.status.${key}`,
  label,
});
/** i18n label key and label of each traveller status; pending is shown as "pending declaration". */
export const TRAVELER_STATUS_OPTIONS: readonly TravelerStatusOption[] = [
  statusOption(
    'pending',
    { vi: 'Chờ khai báo', en: 'Pending declaration', ja: '申告待ち' },
    'pendingDeclaration',
  ),
  statusOption('declared', { vi: 'Đã khai báo', en: 'Declared', ja: '申告済み' }),
  statusOption('tested', { vi: 'Đã xét nghiệm', en: 'Tested', ja: '検査済み' }),
  statusOption('cleared', { vi: 'Đã thông quan', en: 'Cleared', ja: '通過許可' }),
  statusOption('quarantine', { vi: 'Cách ly', en: 'Quarantine', ja: '隔離' }),
  statusOption('rejected', { vi: 'Từ chối nhập cảnh', en: 'Entry refused', ja: '入国拒否' }),
  statusOption('referred', { vi: 'Chuyển viện', en: 'Referred to hospital', ja: '病院へ搬送' }),
  statusOption('unknown', { vi: 'Không xác định', en: 'Unknown', ja: '不明' }),
];

/** i18n label key of a traveller status (unknown values map to the "unknown" label). */
export function travelerStatusLabelKey(status: string): string {
  const option = TRAVELER_STATUS_OPTIONS.find((o) => o.value === status);
  return option ? option.labelKey : 'travelers.status.unknown';
}

export const CACHE_CLEANUP_FREQUENCIES = ['daily', 'weekly', 'monthly', 'never'] as const;
export type CacheCleanupFrequency = (typeof CACHE_CLEANUP_FREQUENCIES)[number];

export const SYSTEM_MODE_OPTIONS = optionsOf(SYSTEM_MODES, {
  normal: { vi: 'Bình thường', en: 'Normal', ja: '通常' },
  pandemic: { vi: 'Đại dịch', en: 'Pandemic', ja: 'パンデミック' },
  emergency: { vi: 'Khẩn cấp', en: 'Emergency', ja: '緊急' },
});

export const ROLES = ['admin', 'officer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_OPTIONS = optionsOf(ROLES, {
  admin: { vi: 'Quản trị viên', en: 'Administrator', ja: '管理者' },
  officer: { vi: 'Cán bộ kiểm dịch', en: 'Quarantine officer', ja: '検疫官' },
});
