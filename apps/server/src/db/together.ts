/**
 * Statements sent to PostgreSQL in one message: one round trip instead of one each.
 *
 * The write path holds the one write lock (write-path/apply.ts) across its statements, and on a
 * busy machine each round trip through PgBouncer costs a few milliseconds: the round trips under
 * the lock are what bounds the pushes a cluster answers per second. Several statements in one
 * simple-protocol message run in order, each with a snapshot of its own (READ COMMITTED), so a
 * statement after `pg_advisory_xact_lock` still sees every row committed before the lock was
 * granted. The simple protocol takes no parameters: they are written into the text as literals
 * (`literal`). PGlite runs in this process, where a round trip costs little, and takes one
 * statement per query: there the statements run one by one.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();

/**
 * A parameter as an SQL literal. Strings are quoted with their quotes doubled, which is exact
 * with standard_conforming_strings on (PostgreSQL's default since 9.1: a backslash is an ordinary
 * character). Values of other kinds than the write path binds are refused rather than guessed.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`no SQL literal for ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // node-postgres sends an array as a PostgreSQL array, which JSON text is not.
  if (Array.isArray(value)) throw new Error('no SQL literal for an array');
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : null;
  if (text === null) throw new Error(`no SQL literal for a ${typeof value}`);
  // PostgreSQL text cannot hold NUL; the input guard refuses it before (plugins/input-guard.ts).
  if (text.includes('\u0000')) throw new Error('NUL in an SQL literal');
  return `'${text.replaceAll("'", "''")}'`;
}

/** A statement with its parameters written in (`$1` ... as literals). */
export function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // One pass over the statement's own text: a `$n` inside a literal written in is not read again.
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`no parameter $${n}`);
    return literal(params[index]);
  });
}

type Rows = Record<string, unknown>[];
type Exec = Pick<Db | Tx, 'execute'>;

const rowsOf = (result: unknown): Rows => {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('a statement sent together gave no rows');
};

/**
 * Runs `queries` in order and answers the rows of each: in one message when `together` (the
 * database is PostgreSQL), else one by one. A failing statement fails the call, and within a
 * transaction leaves it aborted as a single failing statement would.
 */
export async function runTogether(exec: Exec, together: boolean, queries: SQL[]): Promise<Rows[]> {
  if (!together || queries.length < 2) {
    const out: Rows[] = [];
    for (const q of queries) out.push((await exec.execute(q)).rows);
    return out;
  }
  const text = queries.map(inlined).join(';\n');
  // node-postgres answers a message of several statements with one result per statement.
  const results: unknown = await exec.execute(sql.raw(text));
  if (!Array.isArray(results) || results.length !== queries.length)
    throw new Error(`expected ${queries.length} results from statements sent together`);
  return results.map(rowsOf);
}
