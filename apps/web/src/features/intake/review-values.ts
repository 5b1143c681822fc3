/**
 * The review's starting values and its duplicate lookup: scanned fields as the traveller form's
 * strings, entry date today when the scan has none; a live traveller on this device with the same
 * passport and nationality and an entry date within DUPLICATE_ENTRY_WINDOW_DAYS is the one to update.
 */
import { DUPLICATE_ENTRY_WINDOW_DAYS, type LocalTraveler, type TravelerInput } from '@bh/shared';
import { db as defaultDb, type PWADatabase } from '../../db/database.ts';
import { findLiveTraveler } from '../../db/travelers-repo.ts';
import { FORM_FIELDS } from '../travelers/traveler-form-modal.tsx';
import type { Draft } from './scan-reader.ts';

const REVIEW_FIELDS = FORM_FIELDS;

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function reviewValues(draft: Draft): Record<string, string> {
  const scanned = new Map<string, unknown>(Object.entries(draft.traveler));
  const values: Record<string, string> = {};
  for (const field of REVIEW_FIELDS) {
    const text = asText(scanned.get(field));
    if (text !== '') values[field] = text;
  }
  values.entryDate ??= todayIso();
  values.status = 'pending';
  return values;
}

/** The stored traveller's value of each review field, as text. */
function storedValues(traveler: LocalTraveler): Record<string, string> {
  const stored = new Map<string, unknown>(Object.entries(traveler));
  return Object.fromEntries(REVIEW_FIELDS.map((field) => [field, asText(stored.get(field))]));
}

/** Fields where the scan says something else than the stored traveller (status is the officer's). */
export function differences(existing: LocalTraveler, values: Record<string, string>) {
  const stored = storedValues(existing);
  return REVIEW_FIELDS.filter(
    (field) => field !== 'status' && (values[field] ?? '') !== '' && (values[field] ?? '') !== stored[field],
  ).map((field) => ({ field, existing: stored[field] ?? '', scanned: values[field] ?? '' }));
}

const DAY_MS = 86_400_000;

export async function findLocalDuplicate(
  key: Pick<TravelerInput, 'passportNo' | 'nationality' | 'entryDate'>,
  database: PWADatabase = defaultDb,
): Promise<LocalTraveler | null> {
  if (!key.passportNo || !key.nationality || !key.entryDate) return null;
  const at = Date.parse(key.entryDate);
  // The in-memory index, not an IndexedDB passportNo index: that index cost every pulled
  // traveller one more write (db/database.ts, version 4), and a pass over the index is cheap
  // (docs/decisions/013-measured-figures.md).
  return findLiveTraveler(
    (e) =>
      e.passportNo === key.passportNo &&
      e.nationality === key.nationality &&
      Math.abs(Date.parse(e.entryDate) - at) <= DUPLICATE_ENTRY_WINDOW_DAYS * DAY_MS,
    database,
  );
}
