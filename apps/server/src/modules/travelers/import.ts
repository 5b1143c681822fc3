/**
 * Bulk import of travellers from CSV.
 *
 * Decision (issue 6, "nothing half-imported"): every row is checked first; the rows that pass
 * are written together in ONE database transaction through applyMutations (so they get
 * versions, change_seq, audit rows and reach devices by sync), and the rows that fail are
 * reported with their line number and the field errors (i18n keys). If anything goes wrong
 * while writing, the transaction rolls back and nothing is imported.
 *
 * Importing is also safe to repeat (a retry after a lost reply, or the same file imported
 * twice): a row for a traveller already registered (same passport number, nationality and entry
 * date, not deleted), or repeating an earlier row of the file, is reported as a duplicate and not
 * written again. The check runs under the write lock, so two imports of one file at the same
 * time cannot both pass it.
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
import { applyMutations, lockWrites } from '../sync/apply.ts';
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

type ValidRow = { row: number; data: Record<string, unknown> };

/** Checks every row; returns the valid records (with their line) and the per-row problems. */
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
  const valid: ValidRow[] = [];
  const rejected: ImportReport['rejected'] = [];
  data.forEach((cells, index) => {
    const raw: Record<string, string> = {};
    header.forEach((name, i) => {
      if (WRITABLE.has(name)) raw[name] = unguard(cells[i] ?? '');
    });
    const parsed = travelerInputSchema.safeParse(normaliseTravelerForm(raw));
    // Line numbers as a spreadsheet shows them: the header is line 1.
    if (parsed.success) valid.push({ row: index + 2, data: parsed.data });
    else rejected.push({ row: index + 2, errors: toFieldIssues(parsed.error.issues) });
  });
  return { total: data.length, valid, rejected };
}

export async function importTravelers(
  db: Db,
  ctx: { user: AuthUser; ip: string | null },
  csv: string,
): Promise<ImportReport> {
  const checked = checkRows(csv);
  const { total } = checked;
  let rejected = checked.rejected;
  let fresh: ValidRow[] = [];
  await db.transaction(async (tx) => {
    // applyMutations opens savepoints inside this transaction, so one rollback undoes it all.
    const inner = tx as unknown as Db;
    await lockWrites(inner);
    const duplicates = await findDuplicates(inner, checked.valid);
    fresh = checked.valid.filter((r) => !duplicates.has(r.row));
    if (duplicates.size > 0) {
      const dup: ImportReport['rejected'] = [...duplicates].map((row) => ({
        row,
        errors: [{ field: 'passportNo', code: 'travelers.import.duplicate' }],
      }));
      rejected = [...rejected, ...dup].sort((a, b) => a.row - b.row);
    }
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const batch: Mutation[] = fresh.slice(start, start + CHUNK).map(({ data }, i) => ({
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
      details: { total, imported: fresh.length, rejected: rejected.length },
    });
  });
  // Fresh planner statistics after a big load (PGlite runs no autovacuum), so searches use
  // the trigram and entry-date indexes at once.
  if (fresh.length >= 1_000) await db.execute(sql`VACUUM ANALYZE travelers`);
  return { total, imported: fresh.length, rejected };
}

/** What makes two registrations the same traveller: passport, nationality and entry date. */
const keyOf = (r: Record<string, unknown>) =>
  `${String(r.passportNo)}|${String(r.nationality)}|${String(r.entryDate)}`;

/**
 * Lines of rows that would register a traveller twice: one already registered and not deleted
 * (same passport number, nationality and entry date), or repeating an earlier line of the file.
 */
async function findDuplicates(tx: Db, rows: ValidRow[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (rows.length === 0) return out;
  const keys = rows.map(({ data }) => ({
    passportNo: data.passportNo,
    nationality: data.nationality,
    entryDate: data.entryDate,
  }));
  const found = await tx.execute(sql`
    SELECT DISTINCT t.passport_no AS "passportNo", t.nationality, t.entry_date::text AS "entryDate"
    FROM json_to_recordset(${JSON.stringify(keys)}::json)
      AS k("passportNo" text, nationality text, "entryDate" date)
    JOIN travelers t
      ON t.passport_no = k."passportNo" AND t.entry_date = k."entryDate" AND t.nationality = k.nationality
    WHERE t.deleted_at IS NULL`);
  const registered = new Set((found.rows as Record<string, unknown>[]).map(keyOf));
  const seen = new Set<string>();
  for (const { row, data } of rows) {
    const key = keyOf(data);
    if (registered.has(key) || seen.has(key)) out.add(row);
    seen.add(key);
  }
  return out;
}
