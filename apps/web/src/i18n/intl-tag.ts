const INTL_TAG: Record<string, string> = { vi: 'vi-VN', en: 'en-GB', ja: 'ja-JP' };

/** The BCP 47 tag the Intl formatters use for an app language ('vi' is read as vi-VN). */
export const intlTag = (locale: string): string => INTL_TAG[locale] ?? locale;
