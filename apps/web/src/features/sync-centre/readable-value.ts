/**
 * A field's value as the officer reads it in the sync centre: enums through their translated
 * labels, countries by name (Intl.DisplayNames), airports with their city, days and timestamps
 * in the app's date formats, flags as yes/no and symptom/contact sets as the names of what is
 * ticked. Unknown fields fall back to the plain value.
 */
import {
  DESTINATION_AIRPORTS,
  GENDER_OPTIONS,
  type LocalizedText,
  ORIGIN_AIRPORTS,
  PURPOSE_OF_VISIT_OPTIONS,
  pickLocale,
  RISK_ZONE_OPTIONS,
  ROLE_OPTIONS,
  SYMPTOM_OPTIONS,
  SYSTEM_MODE_OPTIONS,
  TRAVELER_STATUS_OPTIONS,
  VACCINATION_STATUS_OPTIONS,
} from '@bh/shared';
import type { TFunction } from 'i18next';
import { countryLabel } from '../../i18n/countries.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';

type Labelled = readonly { readonly value: string; readonly label: LocalizedText }[];

const ENUMS: Record<string, Labelled> = {
  gender: GENDER_OPTIONS,
  purposeOfVisit: PURPOSE_OF_VISIT_OPTIONS,
  status: TRAVELER_STATUS_OPTIONS,
  vaccinationStatus: VACCINATION_STATUS_OPTIONS,
  mode: SYSTEM_MODE_OPTIONS,
  systemMode: SYSTEM_MODE_OPTIONS,
  role: ROLE_OPTIONS,
  riskZones: RISK_ZONE_OPTIONS,
  symptoms: SYMPTOM_OPTIONS,
};
const COUNTRY_FIELDS = new Set(['nationality', 'country']);
const AIRPORTS = [...ORIGIN_AIRPORTS, ...DESTINATION_AIRPORTS];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function enumLabel(options: Labelled, value: string, locale: string): string {
  const found = options.find((o) => o.value === value);
  return found ? pickLocale(found.label, locale) : value;
}

function scalar(t: TFunction, field: string, value: string | number | boolean, locale: string): string {
  if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
  if (typeof value === 'number') return value.toLocaleString(locale);
  const options = ENUMS[field];
  if (options) return enumLabel(options, value, locale);
  if (COUNTRY_FIELDS.has(field)) return countryLabel(value, locale);
  if (field === 'origin' || field === 'destination') {
    const airport = AIRPORTS.find((a) => a.code === value);
    return airport ? `${airport.code} – ${pickLocale(airport.city, locale)}` : value;
  }
  if (DAY.test(value)) return formatDate(value);
  if (TIMESTAMP.test(value)) return formatDateTime(value);
  return value;
}

/** The names of the ticked flags of a set ({ fever: true, cough: false } → "Fever"). */
function tickedNames(t: TFunction, field: string, value: Record<string, unknown>, locale: string): string {
  const options = ENUMS[field];
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === true) {
      parts.push(
        options ? enumLabel(options, key, locale) : t(`declaration.fields.${key}`, { defaultValue: key }),
      );
    } else if (typeof v === 'string' && v.trim() !== '') {
      parts.push(v);
    }
  }
  return parts.length > 0 ? parts.join(', ') : t('values.none');
}

export function readableValue(t: TFunction, field: string, value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return scalar(t, field, value, locale);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return t('values.none');
    return value
      .map((v) => (typeof v === 'string' ? scalar(t, field, v, locale) : JSON.stringify(v)))
      .join(', ');
  }
  if (typeof value === 'object') {
    return tickedNames(t, field, Object.fromEntries(Object.entries(value)), locale);
  }
  return String(value);
}
