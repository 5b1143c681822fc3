/**
 * Landing: a fresh device's first pull stores its records packed, several hundred to a row, and
 * moves them into their stores afterwards, in the background ("hydration"); ADR 010.
 *
 * Why: Chromium pays each IndexedDB request, not each byte, so the same records packed many to a
 * value are stored many times faster than one put each. A fresh device's pull was bound by
 * IndexedDB; landed, it is bound by the server (docs/decisions/010-landing-fresh-pull.md).
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
