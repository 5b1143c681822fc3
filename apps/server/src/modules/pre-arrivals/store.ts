/**
 * Pre-arrival submissions: stored by a random reference code for PRE_ARRIVAL_TTL_HOURS, then
 * purged. Expired rows are never answered, even before the purge has removed them.
 */
import { randomInt } from 'node:crypto';
import {
  completePreArrival,
  PRE_ARRIVAL_CODE_ALPHABET,
  PRE_ARRIVAL_CODE_LENGTH,
  PRE_ARRIVAL_TTL_HOURS,
  type PreArrivalConsent,
  type PreArrivalRecord,
  type PreArrivalSubmission,
  preArrivalSubmissionSchema,
} from '@bh/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preArrivals } from '../../db/schema.ts';
import { writeAudit } from '../audit/audit.ts';

/** A new code: 10 characters of a 31-letter alphabet (~49 bits), from the CSPRNG. */
function newPreArrivalCode(): string {
  let code = '';
  for (let i = 0; i < PRE_ARRIVAL_CODE_LENGTH; i++) {
    code += PRE_ARRIVAL_CODE_ALPHABET.charAt(randomInt(PRE_ARRIVAL_CODE_ALPHABET.length));
  }
  return code;
}

type Row = typeof preArrivals.$inferSelect;

function toRecord(row: Row): PreArrivalRecord {
  return {
    code: row.code,
    // Stored after validation with the same schema; parsing again types the jsonb.
    submission: completePreArrival(preArrivalSubmissionSchema.parse(row.submission)),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    consent:
      row.consentAt && row.consentNoticeVersion
        ? { at: row.consentAt.toISOString(), noticeVersion: row.consentNoticeVersion }
        : null,
  };
}

/** Deletes every expired submission; returns how many went. */
export async function purgeExpired(db: Db): Promise<number> {
  const gone = await db
    .delete(preArrivals)
    .where(lte(preArrivals.expiresAt, new Date()))
    .returning({ code: preArrivals.code });
  return gone.length;
}

/**
 * Stores a submission with the consent it was sent with (its time is the server's) and records
 * the consent in the audit trail, which outlives the submission's purge.
 */
export async function savePreArrival(
  db: Db,
  submission: PreArrivalSubmission,
  consent: PreArrivalConsent,
  ip: string | null,
) {
  const expiresAt = new Date(Date.now() + PRE_ARRIVAL_TTL_HOURS * 3_600_000);
  const consentAt = new Date();
  // A code already taken (1 in 2^49 per pair) just draws again.
  for (;;) {
    const [row] = await db
      .insert(preArrivals)
      .values({
        code: newPreArrivalCode(),
        submission,
        ip,
        expiresAt,
        consentAt,
        consentNoticeVersion: consent.noticeVersion,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await writeAudit(db, {
        userId: null,
        ip,
        action: 'pre_arrival.consent',
        entity: 'pre_arrival',
        entityId: row.code,
        details: { noticeVersion: consent.noticeVersion, at: consentAt.toISOString() },
      });
      return { code: row.code, expiresAt: row.expiresAt.toISOString() };
    }
  }
}

const live = (code: string) => and(eq(preArrivals.code, code), gt(preArrivals.expiresAt, new Date()));

export async function findPreArrival(db: Db, code: string): Promise<PreArrivalRecord | null> {
  const [row] = await db.select().from(preArrivals).where(live(code));
  return row ? toRecord(row) : null;
}

/** Marks a submission imported (the first import's time and officer stay). */
export async function markPreArrivalUsed(db: Db, code: string, userId: string) {
  const [row] = await db.select().from(preArrivals).where(live(code));
  if (!row) return null;
  if (row.usedAt) return toRecord(row);
  const [updated] = await db
    .update(preArrivals)
    .set({ usedAt: new Date(), usedBy: userId })
    .where(eq(preArrivals.code, code))
    .returning();
  return updated ? toRecord(updated) : null;
}
