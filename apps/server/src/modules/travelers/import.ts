/**
 * Bulk import of travellers from CSV, in chunks.
 *
 * The file is read twice as a stream (never held whole in memory): the first pass checks the
 * header and counts the rows, so a file without the required columns, empty or too long is
 * refused before anything is written; the second pass validates and writes the rows in chunks of
 * IMPORT_CHUNK_ROWS. Each chunk is its own transaction through applyMutations (versions,
 * change_seq, audit rows, sync to devices), so the write lock is held for one short chunk at a
 * time and other writers and readers get in between chunks (docs/decisions/013-measured-figures.md).
 * A row is either written whole or reported with its line number and the reasons (i18n keys); a
 * rejected row never leaves anything behind.
 *
 * Importing is also safe to repeat (a retry after a lost reply, or the same file imported
 * twice): a row for a traveller already registered (same passport number, nationality and entry
 * date, not deleted), or repeating an earlier row of the file, is reported as a duplicate and not
 * written again. Each chunk checks that before writing and checks it again under the write lock
 * just before committing; if another import registered one of its travellers in the meantime,
 * the chunk is rolled back and checked again, so two imports of one file cannot both write it.
 */
import { randomUUID } from 'node:crypto';
import {
  type FieldIssue,
  type Mutation,
  normaliseTravelerForm,
  type TravelerImportReport,
  type TravelerInput,
  toFieldIssues,
  travelerInputSchema,
} from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { validationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { writeAudit } from '../audit/audit.ts';
import { CsvReader, CsvSyntaxError, unguard } from './csv.ts';
import { duplicateKeyOf, findRegistered } from './duplicates.ts';
import { nextTurn } from './export.ts';

/** Largest number of data rows in one import. */
const MAX_IMPORT_ROWS = 100_000;
/** Rows validated and written per transaction. */
const IMPORT_CHUNK_ROWS = 1_000;
const REQUIRED_HEADERS = ['fullName', 'passportNo', 'nationality', 'entryDate'];
const WRITABLE = new Set(Object.keys(travelerInputSchema.shape));
/** Times a chunk is checked again after another import registered one of its travellers. */
const RACE_RETRIES = 5;

/** The database an import writes to (its upkeep hears of the rows written). */
type Writer = Pick<Database, 'db' | 'upkeep' | 'kind' | 'session'>;

/** Opens the uploaded CSV as text, from the start, each time it is called. */
export type CsvSource = () => AsyncIterable<string>;

type Line = { row: number; cells: string[] };
type ValidRow = { row: number; data: TravelerInput };

/** A file that is not CSV, refused whole (in the first pass, before anything is written). */
const syntaxError = (err: CsvSyntaxError) =>
  validationError(
    [{ code: err.code, params: { line: err.line } }],
    `The CSV is malformed on line ${err.line}`,
  );

/**
 * Complete data rows of the file, numbered as a spreadsheet shows them (the header is line 1).
 * Malformed quoting is a 400 that names the line.
 */
async function* linesOf(source: CsvSource): AsyncGenerator<{ header: string[] } | Line> {
  try {
    yield* readLines(source);
  } catch (err) {
    throw err instanceof CsvSyntaxError ? syntaxError(err) : err;
  }
}

async function* readLines(source: CsvSource): AsyncGenerator<{ header: string[] } | Line> {
  const reader = new CsvReader();
  let row = 0;
  const emit = function* (rows: string[][]) {
    for (const cells of rows) {
      row += 1;
      if (row === 1) yield { header: cells.map((h) => h.trim()) };
      else yield { row, cells };
    }
  };
  for await (const piece of source()) yield* emit(reader.push(piece));
  yield* emit(reader.end());
}

/** First pass: the header and the number of data rows; refuses a file that cannot be imported. */
export async function inspectCsv(source: CsvSource): Promise<{ header: string[]; total: number }> {
  let header: string[] | null = null;
  let total = 0;
  for await (const line of linesOf(source)) {
    if ('header' in line) header = line.header;
    else total += 1;
  }
  const missing = REQUIRED_HEADERS.filter((h) => !header?.includes(h));
  if (!header || missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ field, code: 'travelers.import.missingColumn' })),
      'The CSV needs a header row with fullName, passportNo, nationality and entryDate',
    );
  }
  if (total === 0) throw validationError([{ code: 'travelers.import.empty' }], 'The CSV has no rows');
  if (total > MAX_IMPORT_ROWS) {
    throw validationError([{ code: 'validation.too_many_items' }], `At most ${MAX_IMPORT_ROWS} rows`);
  }
  return { header, total };
}

/** Validates one data row against the shared traveller input schema. */
function checkLine(header: string[], { row, cells }: Line): ValidRow | { row: number; errors: FieldIssue[] } {
  const raw: Record<string, string> = {};
  header.forEach((name, i) => {
    if (WRITABLE.has(name)) raw[name] = unguard(cells[i] ?? '');
  });
  const parsed = travelerInputSchema.safeParse(normaliseTravelerForm(raw));
  return parsed.success ? { row, data: parsed.data } : { row, errors: toFieldIssues(parsed.error.issues) };
}

interface ImportContext {
  user: AuthUser;
  ip: string | null;
  /**
   * Check for duplicates again under the write lock, through another connection: needed when
   * several servers share one PostgreSQL; impossible on PGlite (one connection, one process).
   */
  crossCheck: boolean;
  /** Called at the end with how the write lock was used (for the server log). */
  onFinished?: (stats: { chunks: number; longestChunkMs: number }) => void;
  /** Called after each chunk with the data rows done so far. */
  onProgress?: (processed: number, total: number) => void;
}

const duplicateIssue: FieldIssue = { field: 'passportNo', code: 'travelers.import.duplicate' };

/** Thrown inside a chunk's transaction when another server registered one of its rows. */
class ImportRace extends Error {}

/**
 * Chunks of all imports in this process run one at a time, so the duplicate check and the
 * write of a chunk are never split by another import's chunk. Other servers on the same
 * PostgreSQL are covered by the check under the write lock (ImportContext.crossCheck).
 */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work, work);
  turn = run.catch(() => undefined);
  return run;
}

/**
 * Writes one chunk's valid rows. Returns the lines refused (duplicates, rows the database
 * refused), the number written and how long the chunk's transaction (which holds the write
 * lock) took.
 */
async function writeChunk(database: Writer, ctx: ImportContext, valid: ValidRow[], seenInFile: Set<string>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTurn(() => tryChunk(database, ctx, valid, seenInFile));
    } catch (err) {
      if (!(err instanceof ImportRace) || attempt >= RACE_RETRIES) throw err;
    }
  }
}

async function tryChunk(database: Writer, ctx: ImportContext, valid: ValidRow[], seenInFile: Set<string>) {
  const { db } = database;
  const registered = await findRegistered(db, valid);
  const refused: TravelerImportReport['rejected'] = [];
  const fresh: ValidRow[] = [];
  const seen = new Set<string>();
  for (const v of valid) {
    const key = duplicateKeyOf(v.data);
    if (registered.has(key) || seen.has(key) || seenInFile.has(key)) {
      refused.push({ row: v.row, errors: [duplicateIssue] });
    } else fresh.push(v);
    seen.add(key);
  }
  const batch: Mutation[] = fresh.map(({ data }, i) => ({
    seq: i + 1,
    table: 'travelers',
    op: 'create',
    id: randomUUID(),
    baseVersion: null,
    data,
  }));
  // Another server may have registered one of these travellers since the check above. Under the
  // write lock nobody else can commit, so reading the committed rows (on another connection of
  // the pool) just before commit tells for sure; the chunk then rolls back and is checked again.
  const { crossCheck } = ctx;
  const beforeCommit = crossCheck
    ? async () => {
        const others = await findRegistered(
          db,
          fresh,
          batch.map((m) => m.id),
        );
        // The lookup goes by passport number; only the same traveller (passport, nationality
        // and entry date) registered meanwhile is a race. Another trip on that passport is not.
        if (fresh.some((v) => others.has(duplicateKeyOf(v.data))))
          throw new ImportRace('registered meanwhile');
      }
    : undefined;
  const started = performance.now();
  const results =
    batch.length === 0
      ? []
      : await applyMutations(database, { user: ctx.user, ip: ctx.ip, clientId: null, beforeCommit }, batch);
  const lockMs = performance.now() - started;
  results.forEach((result, i) => {
    const line = fresh[i];
    // The database refused the row (a value it cannot store): applyMutations rolled it back alone.
    if (line && result.status !== 'applied')
      refused.push({ row: line.row, errors: [{ code: 'validation.invalid' }] });
  });
  for (const key of seen) seenInFile.add(key);
  return { refused, imported: results.filter((r) => r.status === 'applied').length, lockMs };
}

/**
 * Second pass: validates and writes the rows chunk by chunk. `header` and `total` come from
 * inspectCsv on the same source.
 */
export async function importTravelers(
  database: Writer,
  ctx: ImportContext,
  source: CsvSource,
  { header, total }: { header: string[]; total: number },
): Promise<TravelerImportReport> {
  const rejected: TravelerImportReport['rejected'] = [];
  const seenInFile = new Set<string>();
  let imported = 0;
  let processed = 0;
  let longestChunkMs = 0;
  let chunks = 0;
  let pending: Line[] = [];
  const flush = async () => {
    const valid: ValidRow[] = [];
    for (const line of pending) {
      const checked = checkLine(header, line);
      if ('data' in checked) valid.push(checked);
      else rejected.push(checked);
    }
    const done = await writeChunk(database, ctx, valid, seenInFile);
    rejected.push(...done.refused);
    imported += done.imported;
    longestChunkMs = Math.max(longestChunkMs, done.lockMs);
    chunks += 1;
    processed += pending.length;
    pending = [];
    ctx.onProgress?.(processed, total);
    await nextTurn();
  };
  for await (const line of linesOf(source)) {
    if ('header' in line) continue;
    pending.push(line);
    if (pending.length >= IMPORT_CHUNK_ROWS) await flush();
  }
  if (pending.length > 0) await flush();
  rejected.sort((a, b) => a.row - b.row);
  const { db } = database;
  await writeAudit(db, {
    userId: ctx.user.id,
    ip: ctx.ip,
    action: 'traveler.import',
    entity: 'traveler',
    details: {
      total,
      imported,
      rejected: rejected.length,
      chunks,
      longestChunkMs: Math.round(longestChunkMs),
    },
  });
  ctx.onFinished?.({ chunks, longestChunkMs: Math.round(longestChunkMs) });
  // Fresh planner statistics after a big load (PGlite runs no autovacuum), so searches use
  // the trigram and entry-date indexes at once.
  if (imported >= 1_000) await db.execute(sql`VACUUM ANALYZE travelers`);
  return { total, imported, rejected };
}
