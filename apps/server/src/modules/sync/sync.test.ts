import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../paths.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { syncPush, travelerData } from '../../test/payloads.ts';
import { STORED_SPAN, storedResults } from '../../write-path/stored-results.ts';

const h = fileHarness();

const traveler = travelerData;

// Traveller mutations as a device queues them.
const mutation = (seq: number, op: string, id: string, baseVersion: number | null, data: unknown) => ({
  seq,
  table: 'travelers',
  op,
  id,
  baseVersion,
  data,
});
const create = (seq: number, id: string, data = traveler()) => mutation(seq, 'create', id, null, data);
const update = (seq: number, id: string, baseVersion: number, data: Record<string, unknown>) =>
  mutation(seq, 'update', id, baseVersion, data);
const remove = (seq: number, id: string, baseVersion: number) =>
  mutation(seq, 'delete', id, baseVersion, null);

async function push(headers: Record<string, string>, clientId: string, mutations: unknown[]) {
  const res = await h.app.inject(syncPush(headers, clientId, mutations));
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/sync/push', () => {
  it('applies a create once; the same (clientId, seq) again is a duplicate with no second effect', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    const m = create(1, id);
    const first = await push(headers, 'device-aaaa', [m]);
    expect(first.body.results).toEqual([{ seq: 1, status: 'applied', version: 1 }]);
    const again = await push(headers, 'device-aaaa', [m]);
    expect(again.body.results).toEqual([{ seq: 1, status: 'duplicate', version: 1 }]);
    const pulled = await h.app.inject({ url: '/api/sync/pull?cursor=0', headers });
    const rows = pulled.json().changes.filter((c: { table: string }) => c.table === 'travelers');
    expect(rows).toHaveLength(1);
    expect(rows[0].record).toMatchObject({
      id,
      fullName: 'Nguyễn Văn A',
      version: 1,
      entryDate: '2026-11-20',
    });
  });

  it('pushes from two devices at the same time: one passport registered once, one id created once', async () => {
    // The checks of a batch of travellers run before the write lock (write-path/apply.ts): the
    // duplicate guard under it, and an id taken meanwhile found by the primary key.
    const { headers } = await h.user();
    for (let round = 0; round < 4; round++) {
      const passportNo = `C${4_000_000 + round}`;
      const same = await Promise.all(
        ['device-race-a', 'device-race-b'].map((clientId, i) =>
          push(headers, clientId, [
            create(round * 2 + 1, randomUUID(), traveler({ passportNo, note: `${i}` })),
          ]),
        ),
      );
      const outcomes = same.map((r) => r.body.results[0]);
      expect(outcomes.map((r) => r.status).sort()).toEqual(['applied', 'rejected']);
      expect(outcomes.find((r) => r.status === 'rejected')?.errors).toEqual([
        { field: 'passportNo', code: 'traveler.errors.duplicate' },
      ]);
      const id = randomUUID();
      const sameId = await Promise.all(
        ['device-race-a', 'device-race-b'].map((clientId, i) =>
          push(headers, clientId, [
            create(round * 2 + 2, id, traveler({ passportNo: `D${5_000_000 + round * 2 + i}` })),
          ]),
        ),
      );
      expect(sameId.map((r) => r.body.results[0].status).sort()).toEqual(['applied', 'conflict']);
    }
  });

  it('updates only on the current version; a stale base version is a conflict carrying the server row', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    await push(headers, 'device-aaaa', [create(1, id)]);
    const upd = await push(headers, 'device-aaaa', [update(2, id, 1, traveler({ note: 'new edit' }))]);
    expect(upd.body.results[0]).toEqual({ seq: 2, status: 'applied', version: 2 });
    const stale = await push(headers, 'device-bbbb', [update(1, id, 1, traveler({ note: 'old edit' }))]);
    expect(stale.body.results[0].status).toBe('conflict');
    expect(stale.body.results[0].serverRecord).toMatchObject({ id, version: 2, note: 'new edit' });
  });

  it('a create of an id the server has is a conflict carrying the server row; the rest of the batch applies', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    await push(headers, 'device-aaaa', [create(1, id)]);
    const other = randomUUID();
    const res = await push(headers, 'device-bbbb', [
      create(1, id, traveler({ note: 'made twice' })),
      create(2, other, traveler({ passportNo: 'B7654321' })),
    ]);
    expect(res.body.results[0]).toMatchObject({
      seq: 1,
      status: 'conflict',
      serverRecord: { id, version: 1 },
    });
    expect(res.body.results[0].serverRecord.note).not.toBe('made twice');
    expect(res.body.results[1]).toEqual({ seq: 2, status: 'applied', version: 1 });
  });

  it('rejects invalid data per mutation without blocking the others in the batch', async () => {
    const { headers } = await h.user();
    const good = randomUUID();
    const res = await push(headers, 'device-aaaa', [
      create(1, randomUUID(), traveler({ passportNo: '12' })),
      create(2, good),
    ]);
    expect(res.body.results[0].status).toBe('rejected');
    expect(res.body.results[0].errors[0]).toMatchObject({ field: 'passportNo' });
    expect(res.body.results[1]).toEqual({ seq: 2, status: 'applied', version: 1 });
  });

  it('a delete leaves a tombstone that an old offline edit cannot resurrect', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    await push(headers, 'device-1111', [create(1, id)]);
    const del = await push(headers, 'device-1111', [remove(2, id, 1)]);
    expect(del.body.results[0]).toEqual({ seq: 2, status: 'applied', version: 2 });
    const old = await push(headers, 'device-2222', [update(1, id, 1, traveler({ note: 'offline edit' }))]);
    expect(old.body.results[0].status).toBe('conflict');
    expect(old.body.results[0].serverRecord.deletedAt).toBeTruthy();
  });

  it('pull pages in change order with tombstones and a cursor', async () => {
    const { headers } = await h.user();
    const ids: [string, string, string] = [randomUUID(), randomUUID(), randomUUID()];
    await push(
      headers,
      'device-1111',
      // Three different passports: one passport twice in a day would be refused as a duplicate.
      ids.map((id, i) => create(i + 1, id, traveler({ passportNo: `B123456${i}` }))),
    );
    await push(headers, 'device-1111', [remove(4, ids[0], 1)]);
    const seen: string[] = [];
    let cursor = 0;
    for (;;) {
      const page = (await h.app.inject({ url: `/api/sync/pull?cursor=${cursor}&limit=2`, headers })).json();
      for (const c of page.changes)
        seen.push(`${c.table}:${c.record.id}:${c.record.deletedAt ? 'deleted' : 'live'}`);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen.filter((s) => s.startsWith('travelers'))).toEqual([
      `travelers:${ids[1]}:live`,
      `travelers:${ids[2]}:live`,
      `travelers:${ids[0]}:deleted`,
    ]);
  });

  it('refuses anonymous pushes with 401 JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      payload: { clientId: 'x', mutations: [] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('exactly once when a retry regroups seqs (one stored row per push)', () => {
  // Creates of distinct passports, one per seq.
  const creates = (seqs: number[]) =>
    seqs.map((seq) =>
      create(seq, randomUUID(), traveler({ passportNo: `C${String(seq).padStart(7, '0')}` })),
    );
  const statuses = (body: { results: { seq: number; status: string }[] }) =>
    body.results.map((r) => `${r.seq}:${r.status}`);
  const travelerCount = async () =>
    Number((await h.database.db.execute(sql`SELECT count(*)::int AS n FROM travelers`)).rows[0]?.n);

  it('answers seqs of one push alone, mixed with new ones, and spread far apart, each applied once', async () => {
    const { headers } = await h.user();
    const first = creates([1, 2, 3, 4, 5]);
    const [, , third, fourth, fifth] = first;
    const far = 10 + 3 * STORED_SPAN;
    const later = creates([6, 7, far]);
    expect(statuses((await push(headers, 'device-regroup', first)).body)).toEqual([
      '1:applied',
      '2:applied',
      '3:applied',
      '4:applied',
      '5:applied',
    ]);
    expect(statuses((await push(headers, 'device-regroup', [third])).body)).toEqual(['3:duplicate']);
    expect(statuses((await push(headers, 'device-regroup', [fourth, fifth, ...later])).body)).toEqual([
      '4:duplicate',
      '5:duplicate',
      '6:applied',
      '7:applied',
      `${far}:applied`,
    ]);
    // The far seq was stored in a row of its own: found alone and next to the first push's seqs.
    expect(statuses((await push(headers, 'device-regroup', [...first, ...later])).body)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((seq) => `${seq}:duplicate`),
      `${far}:duplicate`,
    ]);
    expect(await travelerCount()).toBe(8);
  });

  it('answers a rejected mutation with its stored rejection again', async () => {
    const { headers } = await h.user();
    const bad = create(1, randomUUID(), traveler({ passportNo: '12' }));
    const again = await push(headers, 'device-rejects', [bad, ...creates([2])]);
    expect(statuses(again.body)).toEqual(['1:rejected', '2:applied']);
    const retry = await push(headers, 'device-rejects', [bad]);
    expect(retry.body.results[0]).toEqual(again.body.results[0]);
  });

  it('migration 0015 keeps the results stored one row per mutation before it', async () => {
    const statements = readFileSync(
      path.join(migrationsFolder, '0015_applied-mutations-per-push.sql'),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim());
    const rolledBack = new Error('rolled back');
    // On the migrated database, inside a transaction that is rolled back: the table as it was.
    const answer = await h.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`DROP TABLE applied_mutations`);
        await tx.execute(sql`CREATE TABLE applied_mutations (client_id text NOT NULL, seq bigint NOT NULL,
          result jsonb NOT NULL, created_at timestamptz DEFAULT now() NOT NULL,
          CONSTRAINT applied_mutations_client_id_seq_pk PRIMARY KEY (client_id, seq))`);
        await tx.execute(sql`INSERT INTO applied_mutations (client_id, seq, result) VALUES
          ('device-legacy', 7, '{"seq":7,"status":"applied","version":1}'),
          ('device-legacy', 9, '{"seq":9,"status":"rejected","errors":[{"code":"forbidden"}]}')`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        const found = await storedResults(tx, 'device-legacy', new Set([7, 8, 9]));
        throw Object.assign(rolledBack, { found: [...found.values()].sort((a, b) => a.seq - b.seq) });
      })
      .catch((err: unknown) => (err === rolledBack ? rolledBack : Promise.reject(err)));
    expect(answer).toMatchObject({
      found: [
        { seq: 7, status: 'duplicate', version: 1 },
        { seq: 9, status: 'rejected', errors: [{ code: 'forbidden' }] },
      ],
    });
  });
});
