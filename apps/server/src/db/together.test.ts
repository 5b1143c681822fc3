/**
 * Statements sent together (db/together.ts): parameters written in as literals give the same
 * values back as bound ones, hostile text included; on PostgreSQL they go in one message, in
 * order, a later statement seeing what an earlier one did; a failing one fails the call.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { inlined, literal, runTogether } from './together.ts';

describe('literal', () => {
  it('quotes text with its quotes doubled and leaves backslashes as they are', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe("'a\\b'");
    expect(literal(null)).toBe('NULL');
    expect(literal(12.5)).toBe('12.5');
    expect(literal(true)).toBe('TRUE');
    expect(literal(new Date('2026-11-29T01:02:03.004Z'))).toBe("'2026-11-29T01:02:03.004Z'");
    expect(literal({ a: "'" })).toBe(`'{"a":"''"}'`);
  });

  it('refuses what it cannot write exactly', () => {
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal(['a'])).toThrow();
    expect(() => literal('a\u0000b')).toThrow();
    expect(() => literal(Symbol('s'))).toThrow();
  });

  it('writes each parameter once, even one whose text looks like a placeholder', () => {
    expect(inlined(sql`SELECT ${'$2'} AS a, ${7} AS b`)).toBe("SELECT '$2' AS a, 7 AS b");
  });
});

describe('runTogether', () => {
  let h: Harness;
  const together = () => h.database.kind === 'postgres';
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('gives back hostile text exactly, in one message or one by one', async () => {
    const hostile = [
      "'; DROP TABLE travelers; --",
      "back\\slash \\x27 E'\\n'",
      'Nguyễn Thị Ánh 日本 $1 $$ $tag$',
      '{"json": "yes"}',
    ];
    const rows = await runTogether(
      h.database.db,
      together(),
      hostile.map((text) => sql`SELECT ${text}::text AS text, ${text.length}::int AS n`),
    );
    expect(rows.map((r) => r[0]?.text)).toEqual(hostile);
    expect(rows.map((r) => Number(r[0]?.n))).toEqual(hostile.map((t) => t.length));
    expect((await h.database.db.execute(sql`SELECT count(*) AS n FROM travelers`)).rows).toHaveLength(1);
  });

  it('runs the statements in order: a later one sees what an earlier one wrote', async () => {
    const rows = await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE together_probe (v text) ON COMMIT DROP`);
      return runTogether(tx, together(), [
        sql`INSERT INTO together_probe VALUES (${'first'})`,
        sql`SELECT count(*)::int AS n, max(v) AS v FROM together_probe`,
      ]);
    });
    expect(rows[1]).toEqual([{ n: 1, v: 'first' }]);
  });

  it('a failing statement fails the call and its transaction writes nothing', async () => {
    await h.database.db.execute(sql`CREATE TABLE IF NOT EXISTS together_kept (v text)`);
    const failing = h.database.db.transaction((tx) =>
      runTogether(tx, together(), [
        sql`INSERT INTO together_kept VALUES (${'lost'})`,
        sql`SELECT 1 / ${0}::int AS boom`,
      ]),
    );
    await expect(failing).rejects.toThrow();
    const { rows } = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM together_kept`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
