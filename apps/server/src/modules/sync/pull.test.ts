/**
 * The pull page is JSON written by the database (pull.ts, pullPage): every record must be exactly
 * what the API sends for it elsewhere (records.ts, toApiRecord: camelCase, ISO times in
 * milliseconds, dates, numbers, jsonb, nulls, tombstones), pages must follow each other across
 * tables in change order, and the last one ends at the highest change.
 */
import { randomUUID } from 'node:crypto';
import type { PullResponse, SyncTable } from '@bh/shared';
import { noSymptoms } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload, travelerPayload } from '../../test/payloads.ts';
import { fetchRecords } from '../../write-path/records.ts';
import { PULLED_TABLES } from '../../write-path/tables.ts';
import { maxChangeSeq } from './pull.ts';

const h = fileHarness();

async function pullAll(headers: Record<string, string>, limit: number) {
  const pages: PullResponse[] = [];
  let cursor = 0;
  for (;;) {
    const res = await h.app.inject({ url: `/api/sync/pull?cursor=${cursor}&limit=${limit}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const page: PullResponse = res.json();
    pages.push(page);
    if (!page.hasMore) return pages;
    expect(page.changes).toHaveLength(limit);
    cursor = page.cursor;
  }
}

describe('pull pages written by the database', () => {
  it('send each record as the API does, in change order across tables, to the highest change', async () => {
    const { headers } = await h.user('officer');
    const post = (url: string, payload: Record<string, unknown>) =>
      h.app.inject({ method: 'POST', url, headers, payload });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = travelerPayload({
        passportNo: `B${3_000_000 + i}`,
        birthDate: '1990-02-03',
        note: 'Ghi "chú"\n',
      });
      expect((await post('/api/travelers', body)).statusCode).toBe(201);
      ids.push(body.id);
    }
    const [first = '', second = '', third = ''] = ids;
    expect(
      (await post('/api/health-declarations', declarationPayload(first, { bodyTemperature: 36.9 })))
        .statusCode,
    ).toBe(201);
    const at = new Date().toISOString();
    const moved = await post(`/api/travelers/${first}/events`, {
      id: randomUUID(),
      occurredAt: at,
      kind: 'status_changed',
      toStatus: 'quarantine',
      reason: 'Sốt',
    });
    expect(moved.statusCode).toBe(201);
    const checkIn = {
      travelerId: first,
      date: '2026-11-21',
      checkedAt: at,
      temperature: 38.2,
      symptoms: { ...noSymptoms, fever: true },
    };
    const pushed = await post('/api/sync/push', {
      clientId: 'device-pull',
      mutations: [
        { seq: 1, table: 'checkIns', op: 'create', id: randomUUID(), baseVersion: null, data: checkIn },
      ],
    });
    expect(pushed.json().results[0].status).toBe('applied');
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/travelers/${second}?version=1`, headers }))
        .statusCode,
    ).toBeLessThan(300);
    expect(third).not.toBe('');

    const whole = (await pullAll(headers, 1000)).flatMap((p) => p.changes);
    const paged = await pullAll(headers, 2);
    // Small pages give the same changes in the same order, each page after the one before.
    expect(paged.flatMap((p) => p.changes)).toEqual(whole);
    expect(paged.at(-1)?.cursor).toBe(await maxChangeSeq(h.database.db));
    const tables = new Set(whole.map((c) => c.table));
    expect([...tables].sort()).toEqual(PULLED_TABLES.map((t) => t.name).sort());
    // Every record is exactly the API's record of it (tombstone included).
    for (const table of PULLED_TABLES) {
      const pulled = whole.filter((c) => c.table === table.name).map((c) => c.record);
      const stored = await fetchRecords(
        h.database.db,
        table,
        pulled.map((r) => String(r.id)),
      );
      const byId = new Map(stored.map((r) => [String(r.id), r]));
      for (const record of pulled) expect(record).toEqual(byId.get(String(record.id)));
    }
    const tombstone = whole.find(
      (c) => c.table === ('travelers' satisfies SyncTable) && c.record.id === second,
    );
    expect(tombstone?.record.deletedAt).toEqual(expect.any(String));
  });
});
