/**
 * Business constants and limits (docs/spec.md §9). Pure data, no I/O.
 */

/** Time-out of one API call, in milliseconds. */
export const API_TIMEOUT_MS = 30_000;
/** A sync item that failed this many times moves to the failed items (max_retries_exceeded). */
export const RETRY_ATTEMPTS = 3;
/** First retry delay; doubled per retry (see `retryDelayMs`). */
export const RETRY_BASE_DELAY_MS = 5_000;
/** Upper bound of any retry delay (5 minutes). */
export const RETRY_MAX_DELAY_MS = 300_000;
/** Largest share of jitter added on top of a retry delay (20 %). */
export const RETRY_JITTER_RATIO = 0.2;

/** Registration and user names. */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
/** Traveller full names (passport names can be long). */
export const TRAVELER_NAME_MAX_LENGTH = 100;
/** New passwords (NIST SP 800-63B: length, not composition; see domain/password.ts). */
export const PASSWORD_MIN_LENGTH = 12;
/** New passwords of accounts an admin creates with the user's recorded consent to a shorter one. */
export const PASSWORD_CONSENTED_MIN_LENGTH = 8;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** Upper bound of any password, to bound hashing cost. */
export const PASSWORD_MAX_LENGTH = 128;
export const AGE_MIN = 18;
export const AGE_MAX = 120;
export const NOTES_MAX_LENGTH = 500;
/** Upper bound of free-text fields that the spec does not limit (address, medications, ...). */
export const TEXT_MAX_LENGTH = 1_000;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
export const URL_MAX_LENGTH = 2_048;

/** Uploads: at most 5 MB (5 MB exactly is allowed), PNG, JPEG or PDF. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type AllowedUploadMimeType = (typeof ALLOWED_UPLOAD_MIME_TYPES)[number];

/** Body temperature in °C. */
export const TEMP_MIN = 35;
export const TEMP_MAX = 45;
export const TEMP_STEP = 0.1;
/** Strictly above this temperature counts as fever. */
export const FEVER_THRESHOLD = 37.5;

/** Risk score thresholds: score >= RISK_HIGH is high, >= RISK_MEDIUM is medium. */
export const RISK_MEDIUM = 3;
export const RISK_HIGH = 5;
/** Risk zones and contacts are asked about for the last 14 days. */
export const RISK_WINDOW_DAYS = 14;

/**
 * A device that has not reached the server for this many days locks: it needs an online sign-in
 * (issue 33; an admin setting on the system status, which sign-in and refresh answers carry).
 * Here, not beside the devices' schemas: the sign-in screen reads them and carries no zod.
 */
export const DEFAULT_OFFLINE_LOCK_DAYS = 14;
export const OFFLINE_LOCK_DAYS_MIN = 1;
export const OFFLINE_LOCK_DAYS_MAX = 90;

/** Local storage keys. */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  isLoggedIn: 'isLoggedIn',
  theme: 'theme',
  locale: 'app-locale',
  pwaSettings: 'pwa-settings',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const SUPPORTED_LOCALES = ['vi', 'en', 'ja'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const APP_VERSION = '1.0.0';

export const SYSTEM_MODES = ['normal', 'pandemic', 'emergency'] as const;
export type SystemMode = (typeof SYSTEM_MODES)[number];
export const DEFAULT_SYSTEM_MODE: SystemMode = 'pandemic';

/** Figures shown before the server has answered (docs/spec.md §4). */
export const INITIAL_SYSTEM_FIGURES = {
  activeUsers: 15,
  todayEntries: 32,
  pendingCases: 8,
  quarantineCases: 5,
  systemUptime: 99.9,
} as const;

/** True when the value is one of the supported locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** True when the value is one of the system modes. */
export function isSystemMode(value: unknown): value is SystemMode {
  return typeof value === 'string' && (SYSTEM_MODES as readonly string[]).includes(value);
}

/** A text in every supported locale. */
export type LocalizedText = { readonly vi: string; readonly en: string; readonly ja: string };

/** Picks the text of one locale, falling back to the default locale. */
export function pickLocale(text: LocalizedText, locale: string): string {
  return isLocale(locale) ? text[locale] : text[DEFAULT_LOCALE];
}
