/**
 * Quick traveller search for the page-not-found search box: name or passport number contains
 * the text (case-insensitive), deleted records excluded. Read from the traveller index (the
 * names and passport numbers are sealed in the store: db/sealing.ts).
 */
import type { PWADatabase } from './database.ts';
import { travelerIndex } from './travelers-repo.ts';

export interface TravelerHit {
  id: string;
  fullName: string;
  passportNo: string;
  nationality: string;
}

export async function searchTravelers(
  text: string,
  limit = 10,
  database?: PWADatabase,
): Promise<TravelerHit[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const index = travelerIndex(database);
  await index.settled();
  const hits: TravelerHit[] = [];
  index.forEachLive((t) => {
    if (hits.length >= limit) return;
    if (t.fullName.toLowerCase().includes(q) || t.passportLower.includes(q))
      hits.push({ id: t.id, fullName: t.fullName, passportNo: t.passportNo, nationality: t.nationality });
  });
  return hits;
}
