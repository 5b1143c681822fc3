/**
 * The write path's transaction (transaction.ts), whose BEGIN and COMMIT travel with its first and
 * last statements on PostgreSQL: what it wrote stays only when every statement went through, and
 * a failure at either end, or between, leaves nothing and a connection fit for the next one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, type Harness } from '../test/harness.ts';
import { writeTransaction } from './transaction.ts';

const notes = z.array(z.object({ note: z.string() }));

describe('write transactions', () => {
  let h: Harness;
  const table = sql.raw(`tx_edges_${process.pid}`);
  beforeAll(async () => {
    h = await createHarness();
    await h.database.db.execute(sql`CREATE TABLE ${table} (note text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await h.database.db.execute(sql`DROP TABLE ${table}`);
    await h.close();
  });

  const held = async () =>
    notes
      .parse((await h.database.db.execute(sql`SELECT note FROM ${table} ORDER BY note`)).rows)
      .map((r) => r.note);
  const put = (note: string) => sql`INSERT INTO ${table} VALUES (${note}) RETURNING note`;

  it('keeps the first, middle and last statements together once committed', async () => {
    const answered = await writeTransaction(h.database, async (tx, edges) => {
      const [first] = await edges.first([put('a1'), sql`SELECT 1 AS one`]);
      await tx.execute(put('a2'));
      const [last] = await edges.last([put('a3')]);
      return [first, last];
    });
    expect(answered).toEqual([[{ note: 'a1' }], [{ note: 'a3' }]]);
    expect(await held()).toEqual(['a1', 'a2', 'a3']);
  });

  it('writes nothing when a statement of the last message fails, and the next transaction works', async () => {
    await expect(
      writeTransaction(h.database, async (tx, edges) => {
        await edges.first([put('b1'), sql`SELECT 1`]);
        await tx.execute(put('b2'));
        // The primary key refuses a1: the statement before it in the message is undone too.
        await edges.last([put('b3'), put('a1')]);
      }),
    ).rejects.toThrow();
    expect(await held()).toEqual(['a1', 'a2', 'a3']);
    // Every connection of the pool still takes a transaction (none was left open or aborted).
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        writeTransaction(h.database, async (_tx, edges) => {
          await edges.first([put(`c${String(i).padStart(2, '0')}`), sql`SELECT 1`]);
          await edges.last([]);
        }),
      ),
    );
    expect((await held()).filter((n) => n.startsWith('c'))).toHaveLength(12);
  });

  it('writes nothing when the work between the ends fails, or the first message does', async () => {
    await expect(
      writeTransaction(h.database, async (tx, edges) => {
        await edges.first([put('d1'), sql`SELECT 1`]);
        await tx.execute(put('d2'));
        throw new Error('checks failed');
      }),
    ).rejects.toThrow('checks failed');
    await expect(
      writeTransaction(h.database, async (_tx, edges) => {
        await edges.first([put('e1'), put('a1')]);
      }),
    ).rejects.toThrow();
    expect((await held()).filter((n) => /^[de]/.test(n))).toEqual([]);
  });

  it('begins alone when a statement comes before any first message, and commits at the end', async () => {
    await writeTransaction(h.database, async (tx, edges) => {
      await edges.begin();
      await tx.execute(put('f1'));
      await tx.execute(put('f2'));
    });
    await expect(
      writeTransaction(h.database, async (tx, edges) => {
        await edges.begin();
        await tx.execute(put('g1'));
        await tx.execute(put('f1'));
      }),
    ).rejects.toThrow();
    expect((await held()).filter((n) => /^[fg]/.test(n))).toEqual(['f1', 'f2']);
  });
});
