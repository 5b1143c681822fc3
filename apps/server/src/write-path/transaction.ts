/**
 * The write path's transaction, with its BEGIN sent in one message with its first statements and
 * its COMMIT with its last on PostgreSQL (db/together.ts): two round trips less a push, one of
 * them under the write lock (docs/decisions/021-statements-together.md). drizzle's own
 * transaction sends each alone. On PGlite, which runs in this process, it is drizzle's.
 *
 * A failure anywhere rolls the transaction back: a statement that fails in the last message
 * leaves the transaction aborted and its COMMIT unsent, and ROLLBACK ends it. A connection that
 * cannot even roll back is dropped from the pool, not lent again.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { runTogether } from '../db/together.ts';

type Rows = Record<string, unknown>[];

/** How a write transaction's statements reach the database at its two ends. */
export interface TxEdges {
  /** Runs `queries` as the transaction's first statements (BEGIN in their message). */
  first(queries: SQL[]): Promise<Rows[]>;
  /** Begins the transaction now, alone, when a statement that cannot carry BEGIN comes first. */
  begin(): Promise<void>;
  /** Runs `queries` as its last statements and commits (COMMIT in their message). */
  last(queries: SQL[]): Promise<Rows[]>;
}

/** Runs `run` in a write transaction of `database`; see the file header. */
export async function writeTransaction<T>(
  database: Pick<Database, 'db' | 'kind' | 'session'>,
  run: (tx: Db, edges: TxEdges) => Promise<T>,
): Promise<T> {
  const together = database.kind === 'postgres';
  if (!together || !database.session) {
    return database.db.transaction((tx) =>
      run(tx, {
        first: (queries) => runTogether(tx, together, queries),
        begin: async () => {},
        last: (queries) => runTogether(tx, together, queries),
      }),
    );
  }
  const session = await database.session();
  const { db } = session;
  // Open once BEGIN was sent (its message may have failed after it: ROLLBACK is then harmless).
  let open = false;
  let done = false;
  const begin = async () => {
    if (open) return;
    open = true;
    await db.execute(sql`BEGIN`);
  };
  const edges: TxEdges = {
    first: async (queries) => {
      if (open) return runTogether(db, true, queries);
      open = true;
      return (await runTogether(db, true, [sql`BEGIN`, ...queries])).slice(1);
    },
    begin,
    last: async (queries) => {
      await begin();
      const rows = await runTogether(db, true, [...queries, sql`COMMIT`]);
      done = true;
      return rows.slice(0, -1);
    },
  };
  let broken = false;
  try {
    const result = await run(db, edges);
    if (open && !done) await db.execute(sql`COMMIT`);
    return result;
  } catch (err) {
    if (open && !done)
      await db.execute(sql`ROLLBACK`).catch(() => {
        broken = true;
      });
    throw err;
  } finally {
    session.release(broken);
  }
}
