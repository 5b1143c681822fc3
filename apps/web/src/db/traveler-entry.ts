/** A traveller as the in-memory index holds it: only what the list and the filters need. */
import { foldForSearch } from '@bh/shared';
import type { LocalSyncStatus } from './database.ts';
import type { LocalRecord } from './records.ts';

export interface TravelerEntry {
  id: string;
  fullName: string;
  gender: string | null;
  passportNo: string;
  nationality: string;
  entryDate: string;
  /** When the record was first made (ISO time): newest first among the same entry date. */
  createdAt: string;
  status: string;
  syncStatus: LocalSyncStatus;
  deleted: boolean;
  lastModified: number;
  /** The name as search compares it (@bh/shared search-fold: case and accents forgiven). */
  nameFolded: string;
  passportLower: string;
  /** The quarantine schedule (set by the server on entering quarantine): the dashboard's overdue figure. */
  quarantineStart: string | null;
  quarantineDays: number | null;
  /** The traveller's post (docs/decisions/014-points-of-entry.md): shown where a user reads several. */
  entryPostId: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

export function toEntry(r: LocalRecord): TravelerEntry {
  const fullName = str(r.fullName);
  const passportNo = str(r.passportNo);
  return {
    id: r.id,
    fullName,
    gender: typeof r.gender === 'string' ? r.gender : null,
    passportNo,
    nationality: str(r.nationality),
    entryDate: str(r.entryDate),
    createdAt: str(r.createdAt),
    status: str(r.status) || 'unknown',
    syncStatus: r.syncStatus,
    deleted: Boolean(r.deletedAt),
    lastModified: Number(r.lastModified) || 0,
    nameFolded: foldForSearch(fullName),
    passportLower: passportNo.toLowerCase(),
    quarantineStart: typeof r.quarantineStart === 'string' ? r.quarantineStart : null,
    quarantineDays: typeof r.quarantineDays === 'number' ? r.quarantineDays : null,
    entryPostId: typeof r.entryPostId === 'string' ? r.entryPostId : null,
  };
}

/**
 * Newest entry date first; within a day the traveller registered last comes first (so an officer
 * sees who was just added at the top); id breaks remaining ties so the order is total and stable.
 */
export function compareEntries(a: TravelerEntry, b: TravelerEntry): number {
  if (a.entryDate !== b.entryDate) return a.entryDate < b.entryDate ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every field equal (entries are flat records of strings, numbers and booleans). */
export function sameEntry(a: TravelerEntry, b: TravelerEntry): boolean {
  for (const key of Object.keys(a) as (keyof TravelerEntry)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}
