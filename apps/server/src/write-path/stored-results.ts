/**
 * The exactly-once store: the result of every (clientId, seq) a push answered, so that the same
 * mutation pushed again is answered from here and changes nothing.
 *
 * One row per push (applied_mutations: first_seq, last_seq, results), not one per mutation: a
 * 500-mutation push writes one row and one primary-key entry instead of 500 of each. A retry may
 * regroup seqs (a seq of push A may come again alone, or with seqs of push B and new ones), so a
 * lookup finds every row whose seq range overlaps the pushed seqs and picks the results by seq.
 * A row never spans more than STORED_SPAN seqs (a push whose seqs lie further apart is stored as
 * several rows), so the rows that may hold a seq in [low, high] all start in
 * [low - STORED_SPAN, high]: one range scan of the primary key (client_id, first_seq).
 * Callers hold the client's lock (lockClient in apply.ts), so a seq is looked up and stored by one
 * push at a time.
 */
import { type PushResult, pushResultSchema } from '@bh/shared';
import { and, between, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { appliedMutations } from '../db/schema.ts';

/** Largest last_seq - first_seq of a stored row (and the gap that splits a lookup in two scans). */
export const STORED_SPAN = 4096;

const storedSchema = z.array(pushResultSchema);

/** The pushed seqs as runs whose neighbours lie at most STORED_SPAN apart (sorted). */
function runsOf(seqs: readonly number[]) {
  const sorted = [...seqs].sort((a, b) => a - b);
  const runs: { first: number; last: number }[] = [];
  for (const seq of sorted) {
    const run = runs.at(-1);
    if (run && seq - run.last <= STORED_SPAN) run.last = seq;
    else runs.push({ first: seq, last: seq });
  }
  return runs;
}

/**
 * The statement that reads the stored rows whose seq range overlaps `seqs` (null for none);
 * `storedFrom` picks the results out of its rows. Apart, so that apply.ts can send it in one
 * message with the client's lock (db/together.ts).
 */
export function storedResultsQuery(clientId: string, seqs: ReadonlySet<number>): SQL | null {
  if (seqs.size === 0) return null;
  const overlapping = runsOf([...seqs]).map(({ first, last }) =>
    and(between(appliedMutations.firstSeq, first - STORED_SPAN, last), gte(appliedMutations.lastSeq, first)),
  );
  return sql`SELECT ${appliedMutations.results} AS results FROM ${appliedMutations}
    WHERE ${and(eq(appliedMutations.clientId, clientId), or(...overlapping))}`;
}

const storedRowSchema = z.object({ results: z.unknown() });

/**
 * The stored results of any of `seqs` in the rows `storedResultsQuery` read, by seq, as the answer
 * to a retry: an applied mutation is answered 'duplicate' (with its version), the others as they were.
 */
export function storedFrom(rows: readonly unknown[], seqs: ReadonlySet<number>) {
  const found = new Map<number, PushResult>();
  for (const row of z.array(storedRowSchema).parse(rows)) {
    // jsonb comes back parsed from both drivers; text only if a driver ever sent it so.
    const results = typeof row.results === 'string' ? JSON.parse(row.results) : row.results;
    for (const result of storedSchema.parse(results)) {
      if (seqs.has(result.seq))
        found.set(result.seq, {
          ...result,
          status: result.status === 'applied' ? 'duplicate' : result.status,
        });
    }
  }
  return found;
}

/** The stored results of any of `seqs` pushed before by this client, by seq (see `storedFrom`). */
export async function storedResults(tx: Db | Tx, clientId: string, seqs: ReadonlySet<number>) {
  const query = storedResultsQuery(clientId, seqs);
  if (!query) return new Map<number, PushResult>();
  return storedFrom((await tx.execute(query)).rows, seqs);
}

/**
 * The statement that stores the results of seqs not stored before (one row per run of seqs
 * within STORED_SPAN), or null when there are none: apply.ts sends it in one statement with the
 * push's audit rows.
 */
export function storeResultsQuery(clientId: string, results: readonly PushResult[]): SQL | null {
  if (results.length === 0) return null;
  const sorted = [...results].sort((a, b) => a.seq - b.seq);
  const rows: { first_seq: number; last_seq: number; results: PushResult[] }[] = [];
  for (const result of sorted) {
    const row = rows.at(-1);
    if (row && result.seq - row.first_seq <= STORED_SPAN) {
      row.results.push(result);
      row.last_seq = result.seq;
    } else rows.push({ first_seq: result.seq, last_seq: result.seq, results: [result] });
  }
  // The client lock and the lookup before make a second row for a seq impossible; a clash on the
  // key (the same first seq) would be a bug, and fails the push rather than answering twice.
  return sql`INSERT INTO applied_mutations (client_id, first_seq, last_seq, results)
    SELECT ${clientId}, x.first_seq, x.last_seq, x.results
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(first_seq bigint, last_seq bigint, results jsonb)`;
}

/** Stores the results of seqs not stored before (see storeResultsQuery). */
export async function storeResults(tx: Db | Tx, clientId: string, results: readonly PushResult[]) {
  const query = storeResultsQuery(clientId, results);
  if (query) await tx.execute(query);
}
