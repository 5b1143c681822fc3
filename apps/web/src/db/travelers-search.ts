/**
 * Quick traveller search for the page-not-found search box: name or passport number contains
 * the text (case-insensitive), deleted records excluded.
 */
import { db as defaultDb, type PWADatabase } from './database.ts';

export interface TravelerHit {
  id: string;
  fullName: string;
  passportNo: string;
  nationality: string;
}

export async function searchTravelers(
  text: string,
  limit = 10,
  database: PWADatabase = defaultDb,
): Promise<TravelerHit[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const rows = await database.travelers
    .filter((t) => {
      if (t.deletedAt) return false;
      const name = typeof t.fullName === 'string' ? t.fullName.toLowerCase() : '';
      const passport = typeof t.passportNo === 'string' ? t.passportNo.toLowerCase() : '';
      return name.includes(q) || passport.includes(q);
    })
    .limit(limit)
    .toArray();
  return rows.map((t) => ({
    id: t.id,
    fullName: String(t.fullName ?? ''),
    passportNo: String(t.passportNo ?? ''),
    nationality: String(t.nationality ?? ''),
  }));
}
