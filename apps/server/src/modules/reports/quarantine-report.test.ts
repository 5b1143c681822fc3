import { randomUUID } from 'node:crypto';
import { addDays, overdueDays, reportSchema, type TravelerStatus, todayIn } from '@bh/shared';
import { noSymptoms } from '@bh/shared/testing';
import { eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkIns as checkInsTable, travelers } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload, travelerPayload } from '../../test/payloads.ts';

// The report's quarantine figures from the lifecycle itself: status changes through the REST
// timeline, check-ins through sync push, as a device writes them.
const h = fileHarness();
let headers: Record<string, string>;
beforeEach(async () => {
  ({ headers } = await h.user('officer'));
});

const TODAY = todayIn('Asia/Ho_Chi_Minh');
/** A moment on the post's calendar day `n` days from today (in the past for n <= 0). */
const dayAt = (n: number) => `${addDays(TODAY, n)}T00:00:01+07:00`;

async function post(url: string, payload: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

let passports = 0;

/** A declared traveller moved through `moves` ([status, day offset] each), in order. */
async function lifecycle(...moves: [TravelerStatus, number][]) {
  // Each its own passport: the server refuses one passport twice within a day.
  passports += 1;
  const traveler = travelerPayload({ passportNo: `Q${String(passports).padStart(7, '0')}` });
  await post('/api/travelers', traveler);
  await post('/api/health-declarations', declarationPayload(traveler.id));
  for (const [toStatus, day] of moves)
    await post(`/api/travelers/${traveler.id}/events`, {
      id: randomUUID(),
      kind: 'status_changed',
      toStatus,
      occurredAt: dayAt(day),
    });
  return traveler.id;
}

let seq = 0;
/** Check-ins of a traveller on the given day offsets, pushed by a device; returns their ids. */
async function checkIns(travelerId: string, ...days: number[]) {
  const ids = days.map(() => randomUUID());
  const mutations = days.map((day, i) => ({
    seq: ++seq,
    table: 'checkIns',
    op: 'create',
    id: ids[i],
    baseVersion: null,
    data: {
      travelerId,
      date: addDays(TODAY, day),
      checkedAt: dayAt(day),
      temperature: 36.8,
      symptoms: noSymptoms,
      note: null,
    },
  }));
  const { results } = await post('/api/sync/push', { clientId: 'device-report', mutations });
  expect(results.map((r: { status: string }) => r.status)).toEqual(days.map(() => 'applied'));
  return ids;
}

const report = async (url: string) => {
  const res = await h.app.inject({ url, headers });
  expect(res.statusCode).toBe(200);
  return reportSchema.parse(res.json()).quarantine;
};

/**
 * a: in quarantine for 3 days, checked on days 1 and 2 only (day 3, yesterday, is overdue; its
 * check-in was deleted); b: 2 days, both checked; c: released yesterday; d: referred yesterday;
 * e: entered quarantine today (nothing due yet).
 */
async function seed() {
  const a = await lifecycle(['quarantine', -3]);
  const b = await lifecycle(['quarantine', -2]);
  await lifecycle(['quarantine', -5], ['cleared', -1]);
  await lifecycle(['quarantine', -4], ['referred', -1]);
  await lifecycle(['quarantine', 0]);
  await checkIns(a, -3, -2);
  const [deleted] = await checkIns(a, -1);
  await post('/api/sync/push', {
    clientId: 'device-report',
    mutations: [{ seq: ++seq, table: 'checkIns', op: 'delete', id: deleted, baseVersion: 1, data: null }],
  });
  await checkIns(b, -2, -1);
  return { a, b };
}

describe('report quarantine figures from the lifecycle', () => {
  it('custom: started, released and referred from status changes; active and overdue now', async () => {
    await seed();
    const q = await report(`/api/reports/custom?from=${addDays(TODAY, -10)}&to=${TODAY}`);
    expect(q).toEqual({ started: 5, released: 1, referred: 1, active: 3, overdue: 1 });
  });

  it('daily: only the changes of that day count; active and overdue are as of today', async () => {
    await seed();
    expect(await report(`/api/reports/daily?date=${addDays(TODAY, -1)}`)).toEqual({
      started: 0,
      released: 1,
      referred: 1,
      active: 3,
      overdue: 1,
    });
    expect(await report(`/api/reports/daily?date=${addDays(TODAY, -3)}`)).toMatchObject({
      started: 1,
      released: 0,
      referred: 0,
    });
    expect(await report(`/api/reports/daily?date=${addDays(TODAY, -20)}`)).toMatchObject({
      started: 0,
      released: 0,
      referred: 0,
    });
  });

  it('overdue follows the shared overdueDays() rule the app uses', async () => {
    const { a, b } = await seed();
    const db = h.database.db;
    const quarantined = await db.select().from(travelers).where(eq(travelers.status, 'quarantine'));
    const live = await db.select().from(checkInsTable).where(isNull(checkInsTable.deletedAt));
    const dates = (id: string) => live.filter((c) => c.travelerId === id).map((c) => c.date);
    const overdue = quarantined.filter((t) => overdueDays(t, dates(t.id), TODAY).length > 0);
    expect(overdue.map((t) => t.id)).toEqual([a]);
    expect(quarantined.map((t) => t.id)).toContain(b);
    const q = await report(`/api/reports/daily?date=${TODAY}`);
    expect(q.overdue).toBe(overdue.length);
  });

  it('overdue agrees with overdueDays() for any schedule and check-ins (duplicates, deleted, outside it)', async () => {
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await lifecycle(['quarantine', -1]));
    const db = h.database.db;
    // Start 0..13 days ago or tomorrow, 1..5 days or the default; check-ins around the schedule.
    for (const [i, id] of ids.entries()) {
      const start = addDays(TODAY, i === 7 ? 1 : -((i * 5) % 14));
      await db
        .update(travelers)
        .set({ quarantineStart: start, quarantineDays: i % 3 === 0 ? null : 1 + (i % 5) })
        .where(eq(travelers.id, id));
      const rows = [-1, 0, 0, 1, 2, 3, 15].slice(0, 1 + (i % 7)).map((d, k) => ({
        id: randomUUID(),
        travelerId: id,
        date: addDays(start, d),
        checkedAt: new Date(),
        temperature: 36.8,
        symptoms: noSymptoms,
        changeSeq: 0,
        deletedAt: k === 4 ? new Date() : null,
      }));
      await db.insert(checkInsTable).values(rows);
    }
    const quarantined = await db.select().from(travelers).where(eq(travelers.status, 'quarantine'));
    const live = await db.select().from(checkInsTable).where(isNull(checkInsTable.deletedAt));
    const dates = (id: string) => live.filter((c) => c.travelerId === id).map((c) => c.date);
    const expected = quarantined.filter((t) => overdueDays(t, dates(t.id), TODAY).length > 0).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(ids.length);
    const q = await report(`/api/reports/daily?date=${TODAY}`);
    expect(q).toMatchObject({ active: ids.length, overdue: expected });
  });

  it('a fresh database has the indexes the figures read (migrations 0005, 0010, 0013)', async () => {
    const { rows } = await h.database.db.execute<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE indexname IN
        ('traveler_events_status_report_idx', 'travelers_quarantine_idx', 'check_ins_live_idx')`,
    );
    expect(rows).toHaveLength(3);
  });
});
