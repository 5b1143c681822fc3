/**
 * Bulk import of travellers from CSV.
 *
 * Decision (issue 6, "nothing half-imported"): every row is checked first; the rows that pass
 * are written together in ONE database transaction through applyMutations (so they get
 * versions, change_seq, audit rows and reach devices by sync), and the rows that fail are
 * reported with their line number and the field errors (i18n keys). If anything goes wrong
 * while writing, the transaction rolls back and nothing is imported.
 */
import { randomUUID } from 'node:crypto';
import {
  type FieldIssue,
  type Mutation,
  normaliseTravelerForm,
  toFieldIssues,
  travelerInputSchema,
} from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { writeAudit } from '../audit/audit.ts';
import { applyMutations } from '../sync/apply.ts';
import { parseCsv, unguard } from './csv.ts';

/** Largest number of data rows in one import. */
export const MAX_IMPORT_ROWS = 100_000;
/** Mutations handed to applyMutations at a time (all inside the one transaction). */
const CHUNK = 2_000;
const REQUIRED_HEADERS = ['fullName', 'passportNo', 'nationality', 'entryDate'];
const WRITABLE = new Set(Object.keys(travelerInputSchema.shape));

export interface ImportReport {
  total: number;
  imported: number;
  rejected: { row: number; errors: FieldIssue[] }[];
}

/** Checks every row; returns the valid records and the per-row problems. */
export function checkRows(csv: string) {
  const rows = parseCsv(csv);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const missing = REQUIRED_HEADERS.filter((h) => !header.includes(h));
  if (rows.length === 0 || missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ field, code: 'travelers.import.missingColumn' })),
      'The CSV needs a header row with fullName, passportNo, nationality and entryDate',
    );
  }
  const data = rows.slice(1);
  if (data.length === 0) throw validationError([{ code: 'travelers.import.empty' }], 'The CSV has no rows');
  if (data.length > MAX_IMPORT_ROWS) {
    throw validationError([{ code: 'validation.too_many_items' }], `At most ${MAX_IMPORT_ROWS} rows`);
  }
  const valid: Record<string, unknown>[] = [];
  const rejected: ImportReport['rejected'] = [];
  data.forEach((cells, index) => {
    const raw: Record<string, string> = {};
    header.forEach((name, i) => {
      if (WRITABLE.has(name)) raw[name] = unguard(cells[i] ?? '');
    });
    const parsed = travelerInputSchema.safeParse(normaliseTravelerForm(raw));
    // Line numbers as a spreadsheet shows them: the header is line 1.
    if (parsed.success) valid.push(parsed.data);
    else rejected.push({ row: index + 2, errors: toFieldIssues(parsed.error.issues) });
  });
  return { total: data.length, valid, rejected };
}

export async function importTravelers(
  db: Db,
  ctx: { user: AuthUser; ip: string | null },
  csv: string,
): Promise<ImportReport> {
  const { total, valid, rejected } = checkRows(csv);
  await db.transaction(async (tx) => {
    // applyMutations opens savepoints inside this transaction, so one rollback undoes it all.
    const inner = tx as unknown as Db;
    for (let start = 0; start < valid.length; start += CHUNK) {
      const batch: Mutation[] = valid.slice(start, start + CHUNK).map((data, i) => ({
        seq: i + 1,
        table: 'travelers',
        op: 'create',
        id: randomUUID(),
        baseVersion: null,
        data,
      }));
      const results = await applyMutations(inner, { ...ctx, clientId: null }, batch);
      const failed = results.find((r) => r.status !== 'applied');
      if (failed) throw new Error(`import row not applied: ${failed.status}`);
    }
    await writeAudit(tx, {
      userId: ctx.user.id,
      ip: ctx.ip,
      action: 'traveler.import',
      entity: 'traveler',
      details: { total, imported: valid.length, rejected: rejected.length },
    });
  });
  // Fresh planner statistics after a big load (PGlite runs no autovacuum), so searches use
  // the trigram and entry-date indexes at once.
  if (valid.length >= 1_000) await db.execute(sql`VACUUM ANALYZE travelers`);
  return { total, imported: valid.length, rejected };
}
