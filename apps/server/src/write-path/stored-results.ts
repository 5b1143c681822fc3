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
 * Callers hold the write lock (lockWrites), so a seq is looked up and stored by one push at a time.
 */
import { type PushResult, pushResultSchema } from '@bh/shared';
import { and, between, eq, gte, or } from 'drizzle-orm';
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
 * The stored results of any of `seqs` pushed before by this client, by seq, as the answer to a
 * retry: an applied mutation is answered 'duplicate' (with its version), the others as they were.
 */
export async function storedResults(tx: Db | Tx, clientId: string, seqs: ReadonlySet<number>) {
  const found = new Map<number, PushResult>();
  if (seqs.size === 0) return found;
  const overlapping = runsOf([...seqs]).map(({ first, last }) =>
    and(between(appliedMutations.firstSeq, first - STORED_SPAN, last), gte(appliedMutations.lastSeq, first)),
  );
  const rows = await tx
    .select({ results: appliedMutations.results })
    .from(appliedMutations)
    .where(and(eq(appliedMutations.clientId, clientId), or(...overlapping)));
  for (const row of rows) {
    for (const result of storedSchema.parse(row.results)) {
      if (seqs.has(result.seq))
        found.set(result.seq, {
          ...result,
          status: result.status === 'applied' ? 'duplicate' : result.status,
        });
    }
  }
  return found;
}

/** Stores the results of seqs not stored before (one row per run of seqs within STORED_SPAN). */
export async function storeResults(tx: Db | Tx, clientId: string, results: readonly PushResult[]) {
  if (results.length === 0) return;
  const sorted = [...results].sort((a, b) => a.seq - b.seq);
  const rows: { clientId: string; firstSeq: number; lastSeq: number; results: PushResult[] }[] = [];
  for (const result of sorted) {
    const row = rows.at(-1);
    if (row && result.seq - row.firstSeq <= STORED_SPAN) {
      row.results.push(result);
      row.lastSeq = result.seq;
    } else rows.push({ clientId, firstSeq: result.seq, lastSeq: result.seq, results: [result] });
  }
  // The lock and the lookup before make a second row for a seq impossible; a clash on the key
  // (the same first seq) would be a bug, and fails the push rather than answering twice.
  await tx.insert(appliedMutations).values(rows);
}
