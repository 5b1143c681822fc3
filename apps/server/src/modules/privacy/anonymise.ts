/**
 * Anonymisation (docs/decisions/017-retention-and-rights.md): a traveller's personal fields are
 * removed from the traveller, its declaration, its timeline and its check-ins; what reports count
 * (dates, post, status, nationality, risk level, event kinds and statuses, check-in dates) stays,
 * the name, passport and phone number become the same placeholders for everyone (ANONYMISED_VALUES),
 * so past reports do not change. Its files go (rows now, bytes after the commit), and the
 * personal values the audit trail kept of earlier versions go too. Every changed record takes a
 * new version and change_seq, so devices pull the anonymised copies and drop the personal data.
 * Used by the retention job (travellers past the period, not under a legal hold) and by an
 * admin's erasure (one traveller, at once).
 */
import { ANONYMISED_VALUES } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows } from '../../db/client.ts';
import { lockWrites } from '../../write-path/apply.ts';
import { writeAudit } from '../audit/audit.ts';
import { removeStored } from '../files/storage.ts';

/** Keys of personal values in the audit trail's copies of earlier versions (details.previous). */
const PERSONAL_KEYS = [
  'fullName',
  'passportNo',
  'passportNumber',
  'birthDate',
  'address',
  'note',
  'passportExpiry',
  'emergencyContact',
  'accommodation',
  'occupation',
  'phone',
  'email',
  'medications',
  'allergies',
  'medicalHistory',
];

const idRow = z.object({ id: z.string() });
const fileRow = z.object({ id: z.string(), storage: z.string(), traveler: z.string() });

export interface Anonymised {
  /** Travellers anonymised now (held or already anonymised ones are left out). */
  travelerIds: string[];
  filesDeleted: number;
}

export interface AnonymiseCause {
  /** 'retention' (the job) or 'erasure' (an admin). */
  cause: 'retention' | 'erasure';
  userId: string | null;
  ip: string | null;
  reason?: string;
}

/**
 * Anonymises the given travellers that are neither held nor anonymised already, in one write
 * transaction under the write lock (so their new change numbers commit in order), then deletes
 * their files' bytes. One audit entry per traveller.
 */
export async function anonymiseTravelers(
  database: Pick<Database, 'db' | 'upkeep'>,
  dataDir: string,
  ids: readonly string[],
  by: AnonymiseCause,
): Promise<Anonymised> {
  if (ids.length === 0) return { travelerIds: [], filesDeleted: 0 };
  const idList = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const { travelerIds, files } = await database.db.transaction(async (tx) => {
    await lockWrites(tx);
    const open = await queryRows(
      tx,
      idRow,
      sql`SELECT t.id::text AS id FROM travelers t WHERE t.id = ANY(${idList})
        AND NOT EXISTS (SELECT 1 FROM traveler_privacy p WHERE p.traveler_id = t.id
          AND (p.hold_at IS NOT NULL OR p.anonymised_at IS NOT NULL))
        ORDER BY t.id`,
    );
    if (open.length === 0) return { travelerIds: [], files: [] };
    const travelerIds = open.map((r) => r.id);
    const these = sql`${`{${travelerIds.join(',')}}`}::uuid[]`;
    // Their files: the declarations' certificates and the timeline's attachments, unless another
    // traveller's declaration also refers to one.
    const files = await queryRows(
      tx,
      fileRow,
      sql`SELECT DISTINCT ON (f.id) f.id::text AS id, f.storage_name AS storage, r.traveler::text AS traveler
        FROM files f JOIN (
          SELECT d.traveler_id AS traveler, d.test_file_id::text AS file FROM health_declarations d
            WHERE d.traveler_id = ANY(${these})
          UNION SELECT d.traveler_id, d.vaccination_cert_file_id::text FROM health_declarations d
            WHERE d.traveler_id = ANY(${these})
          UNION SELECT e.traveler_id, e.details->>'fileId' FROM traveler_events e
            WHERE e.traveler_id = ANY(${these}) AND e.kind = 'file_attached') AS r ON r.file = f.id::text
        WHERE NOT EXISTS (SELECT 1 FROM health_declarations o WHERE o.traveler_id <> ALL(${these})
          AND (o.test_file_id = f.id OR o.vaccination_cert_file_id = f.id))
        ORDER BY f.id`,
    );
    // The audit trail's copies of earlier versions, before the records change.
    await tx.execute(sql`UPDATE audit_events SET details =
        jsonb_set(details, '{previous}', ((details->'previous') - ${`{${PERSONAL_KEYS.join(',')}}`}::text[]) #- '{contactHistory,notes}')
      WHERE details ? 'previous' AND jsonb_typeof(details->'previous') = 'object' AND (
        (entity IN ('traveler', 'health_declaration') AND entity_id = ANY(${`{${travelerIds.join(',')}}`}::text[]))
        OR (entity = 'check_in' AND entity_id IN (SELECT id::text FROM check_ins WHERE traveler_id = ANY(${these}))))`);
    await tx.execute(sql`UPDATE audit_events SET details = details - 'reason'
      WHERE entity = 'traveler_event' AND details ? 'reason'
        AND entity_id IN (SELECT id::text FROM traveler_events WHERE traveler_id = ANY(${these}))`);
    // The records: personal fields removed, a new version and change number each (updated_at
    // stays: it is the record's last activity, and nothing of what reports count changes).
    const { fullName, passportNo, phone } = ANONYMISED_VALUES;
    await tx.execute(sql`UPDATE travelers SET full_name = ${fullName}, passport_no = ${passportNo}, birth_date = NULL,
        address = NULL, note = NULL, passport_expiry = NULL, emergency_contact = NULL,
        accommodation = NULL, occupation = NULL, version = version + 1, change_seq = nextval('change_seq')
      WHERE id = ANY(${these})`);
    await tx.execute(sql`UPDATE health_declarations SET full_name = ${fullName}, passport_number = ${passportNo}, phone = ${phone},
        email = NULL, medications = NULL, allergies = NULL, medical_history = NULL,
        contact_history = contact_history - 'notes', test_file_id = NULL, vaccination_cert_file_id = NULL,
        version = version + 1, change_seq = nextval('change_seq')
      WHERE traveler_id = ANY(${these})`);
    // A consent event's notice version and time stay: they name no one, and they are what the
    // data was held on.
    await tx.execute(sql`UPDATE traveler_events SET note = NULL, reason = NULL, version = version + 1,
        change_seq = nextval('change_seq')
      WHERE traveler_id = ANY(${these}) AND (note IS NOT NULL OR reason IS NOT NULL)`);
    await tx.execute(sql`UPDATE check_ins SET note = NULL, version = version + 1, change_seq = nextval('change_seq')
      WHERE traveler_id = ANY(${these}) AND note IS NOT NULL`);
    if (files.length > 0) {
      await tx.execute(
        sql`DELETE FROM files WHERE id = ANY(${`{${files.map((f) => f.id).join(',')}}`}::uuid[])`,
      );
    }
    await tx.execute(sql`INSERT INTO traveler_privacy (traveler_id, anonymised_at)
      SELECT t, now() FROM unnest(${these}) AS t
      ON CONFLICT (traveler_id) DO UPDATE SET anonymised_at = excluded.anonymised_at`);
    const fileCount = new Map<string, number>();
    for (const f of files) fileCount.set(f.traveler, (fileCount.get(f.traveler) ?? 0) + 1);
    for (const id of travelerIds) {
      await writeAudit(tx, {
        userId: by.userId,
        ip: by.ip,
        action: 'traveler.anonymise',
        entity: 'traveler',
        entityId: id,
        details: {
          cause: by.cause,
          ...(by.reason ? { reason: by.reason } : {}),
          filesDeleted: fileCount.get(id) ?? 0,
        },
      });
    }
    return { travelerIds, files };
  });
  for (const f of files) await removeStored(dataDir, f.storage);
  if (travelerIds.length > 0) {
    database.upkeep.noteWrites({
      travelers: travelerIds.length,
      health_declarations: travelerIds.length,
      traveler_events: travelerIds.length,
      check_ins: travelerIds.length,
    });
  }
  return { travelerIds, filesDeleted: files.length };
}
