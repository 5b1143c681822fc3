/**
 * Landing: a fresh device's first pull stores its records packed, several hundred to a row, and
 * moves them into their stores afterwards, in the background ("hydration"); ADR 010.
 *
 * Why: Chromium pays each IndexedDB request, not each byte. On the project's 2-core machines a put
 * costs the browser process 110-200 µs whatever the record's size (100,000 travellers of 540
 * bytes: 8.4-14.5 s with the travellers' two indexes or none, raw IndexedDB, 2,000 puts per
 * transaction), while the same records packed 100 to a value took 0.9 s. A fresh device's pull
 * of 100,000 travellers was IndexedDB-bound at 15-19 s; landed, it is bound by the server.
 *
 * The parts, one job each:
 * - zone.ts: the middleware's steps on Dexie's promises (its transaction zone);
 * - key-range.ts, array-cursor.ts: key ranges, ordering and the cursor over items read (pure);
 * - rows.ts: the packed rows and what a tab knows of them;
 * - land.ts: a fresh pull's puts into packed rows;
 * - middleware.ts: the DBCore middleware that reads landed records as stored;
 * - hydrate.ts: the move into the stores.
 */
export {
  hydrateLanding,
  /** @internal For the tests and the sync bench only (knip --production). */
  landedCount,
} from './hydrate.ts';
export { landInTransaction } from './land.ts';
export { installLanding } from './middleware.ts';
export {
  /** @internal For the tests only (knip --production). */
  LANDING_ROW_SIZE,
  LANDING_STORE,
} from './rows.ts';
