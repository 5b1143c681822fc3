/**
 * The privacy settings (one row, id 'current'): the retention period in months and who answers
 * travellers' questions. Absent until an admin saves them: the shared defaults apply, version 1.
 */
import {
  DEFAULT_RETENTION_MONTHS,
  noticeVersionOf,
  type PrivacySettings,
  type PrivacySettingsUpdate,
} from '@bh/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { privacySettings } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';

const ID = 'current';

export async function readPrivacySettings(db: Pick<Db, 'select'>): Promise<PrivacySettings> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.id, ID));
  if (!row) return { retentionMonths: DEFAULT_RETENTION_MONTHS, contact: '', version: 1, updatedAt: null };
  return {
    retentionMonths: row.retentionMonths,
    contact: row.contact,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The notice the pre-arrival form shows: the period, the contact and the notice's version. */
export async function readPrivacyNotice(db: Db) {
  const settings = await readPrivacySettings(db);
  return {
    retentionMonths: settings.retentionMonths,
    contact: settings.contact,
    noticeVersion: noticeVersionOf(settings.version),
  };
}

/**
 * Saves the settings if `update.version` is the current one (else a conflict carrying the
 * current settings, nothing changed); audited with the old and new values.
 */
export async function savePrivacySettings(
  db: Db,
  by: { userId: string; ip: string | null },
  update: PrivacySettingsUpdate,
): Promise<PrivacySettings> {
  return db.transaction(async (tx) => {
    // One saver at a time: the row may not exist yet, so lock on a key of its own.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7233017)`);
    const current = await readPrivacySettings(tx);
    if (current.version !== update.version) throw conflict({ serverRecord: current });
    const next = current.version + 1;
    const values = {
      retentionMonths: update.retentionMonths,
      contact: update.contact,
      version: next,
      updatedAt: new Date(),
      updatedBy: by.userId,
    };
    await tx
      .insert(privacySettings)
      .values({ id: ID, ...values })
      .onConflictDoUpdate({ target: privacySettings.id, set: values });
    await writeAudit(tx, {
      userId: by.userId,
      ip: by.ip,
      action: 'privacy.settings.update',
      entity: 'privacy_settings',
      entityId: ID,
      oldVersion: current.version,
      newVersion: next,
      details: {
        previous: { retentionMonths: current.retentionMonths, contact: current.contact },
        retentionMonths: update.retentionMonths,
        contact: update.contact,
      },
    });
    return readPrivacySettings(tx);
  });
}
