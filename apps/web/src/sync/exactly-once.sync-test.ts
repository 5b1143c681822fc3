import { pullPath, pullResponseSchema } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WRITABLE_TABLES } from '../../../server/src/write-path/tables.ts';
import { storeFor } from '../db/database.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { RULES_STAMP } from './queue.ts';
import { discardFailedItem, resolveConflict, retryFailedItem } from './resolutions.ts';
import { officerRig } from './testing/officer-rig.ts';
import { type Device, makeDevice, opened, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';
import { allows, TABLE_CASES } from './testing/table-cases.ts';

const { h, headers } = officerRig();

const device = (name: string) => makeDevice(name, () => h.app, headers);

/** A traveller created on `a` and pulled by `b`: both devices hold it, synced. */
async function travelerOnBoth(a: Device, b: Device) {
  const t = await writeRecord('travelers', 'create', travelerInput(), a.db);
  await syncUntilQuiet(a);
  await syncUntilQuiet(b);
  return t;
}

async function serverTravelers() {
  const res = await h.app.inject({ url: '/api/sync/pull?cursor=0&limit=5000', headers: headers() });
  return pullResponseSchema
    .parse(res.json())
    .changes.filter((c) => c.table === 'travelers')
    .map((c) => c.record);
}

async function auditCount(id: string) {
  const res = await h.database.rows(
    z.object({ n: z.coerce.number() }),
    (await import('drizzle-orm')).sql`SELECT COUNT(*) AS n FROM audit_events WHERE entity_id = ${id}`,
  );
  return Number(res[0]!.n);
}

/**
 * The next push reaches the server but its reply is lost: that sync fails as a network error with
 * the item still queued, and the retries that follow drain the queue.
 */
async function loseReplyThenRetry(d: Device) {
  d.transport.faults.dropReplyNext = 1;
  const first = await d.engine.sync();
  expect(first.error).toBe('errors.network_error');
  expect(await d.db.syncQueue.count()).toBe(1);
  await syncUntilQuiet(d);
  expect(await d.db.syncQueue.count()).toBe(0);
}

/** The next pull page is fetched but lost before it is saved; the retries that follow resume. */
async function losePullThenRetry(d: Device) {
  d.transport.faults.dropPullNext = 1;
  const first = await d.engine.sync();
  expect(first.error).toBe('errors.network_error');
  await syncUntilQuiet(d);
}

describe('exactly once', () => {
  it('a reply lost after the server committed: the retry is a duplicate with one effect', async () => {
    const d = device('a');
    const t = await writeRecord('travelers', 'create', travelerInput(), d.db);
    await loseReplyThenRetry(d);
    expect((await d.db.travelers.get(t.id))?.syncStatus).toBe('synced');
    expect((await d.db.travelers.get(t.id))?.version).toBe(1);
    const rows = await serverTravelers();
    expect(rows.filter((r) => r.id === t.id)).toHaveLength(1);
    expect(await auditCount(t.id)).toBe(1);
  });

  it('15 minutes of 5xx: items back off, are listed as failed, nothing is lost, all applied after', async () => {
    const d = device('b');
    const made = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 30 }, (_, i) => travelerInput({ fullName: `Traveller ${i}` })),
      d.db,
    );
    d.transport.faults.failNext = 1_000_000;
    d.transport.faults.failStatus = 503;
    const start = d.clock.now;
    let sawAllFailed = false;
    while (d.clock.now - start < 15 * 60_000) {
      await d.engine.sync();
      const failed = await d.db.failedSyncItems.toArray();
      if (d.transport.pushCalls === 3) {
        // Three tries with back-off, then listed as failed (retryable) and still kept.
        expect(failed).toHaveLength(30);
        expect(failed.every((f) => f.errorType === 'max_retries_exceeded' && f.canRetry === 1)).toBe(true);
        sawAllFailed = true;
      }
      expect((await d.db.syncQueue.count()) + failed.length).toBe(30);
      d.clock.now += 30_000;
    }
    expect(sawAllFailed).toBe(true);
    // Retried by itself now and then during the outage, never more often than the back-off allows.
    expect(d.transport.pushCalls).toBeLessThan(20);
    d.transport.faults.failNext = 0;
    d.clock.now += 5 * 60_000;
    await syncUntilQuiet(d);
    expect(await d.db.failedSyncItems.count()).toBe(0);
    const rows = await serverTravelers();
    expect(rows.map((r) => r.id).sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('network errors are "network" failures; retrying one requeues it with a new id and retryCount 0', async () => {
    const d = device('c');
    await writeRecord('travelers', 'create', travelerInput(), d.db);
    d.transport.faults.failNext = 3;
    d.transport.faults.failStatus = 0;
    await syncUntilQuiet(d, 3);
    const [failed] = await d.db.failedSyncItems.toArray();
    expect(failed?.errorType).toBe('network');
    await retryFailedItem(failed!.id!, d.db);
    const [row] = await d.db.syncQueue.toArray();
    expect(row?.retryCount).toBe(0);
    expect(row?.id).toBeGreaterThan(failed!.originalSyncItem.id!);
    await syncUntilQuiet(d);
    expect(await serverTravelers()).toHaveLength(1);
  });

  it('a rejected change blocks only its own record', async () => {
    const d = device('d');
    const bad = await writeRecord('travelers', 'create', travelerInput({ passportNo: 'X' }), d.db);
    const good = await writeRecord('travelers', 'create', travelerInput({ fullName: 'Good' }), d.db);
    await writeRecord('travelers', 'update', { id: bad.id, note: 'still bad' }, d.db);
    await syncUntilQuiet(d);
    const failed = await d.db.failedSyncItems.toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ errorType: 'validation_failed', canRetry: 0 });
    expect((await d.db.travelers.get(good.id))?.syncStatus).toBe('synced');
    expect((await d.db.travelers.get(bad.id))?.syncStatus).toBe('error');
    // Fixing the record sends its current state once.
    await writeRecord('travelers', 'update', { id: bad.id, passportNo: 'C7654321' }, d.db);
    await syncUntilQuiet(d);
    expect(await d.db.failedSyncItems.count()).toBe(0);
    expect((await serverTravelers()).map((r) => r.passportNo).sort()).toEqual(['B1234567', 'C7654321']);
  });

  it('a row this build checked as it was queued goes as it is; one from an earlier build is checked again', async () => {
    const d = device('stamp');
    const fine = await writeRecord('travelers', 'create', travelerInput({ fullName: 'Checked once' }), d.db);
    const bad = await writeRecord('travelers', 'create', travelerInput({ passportNo: 'X' }), d.db);
    const older = await writeRecord(
      'travelers',
      'create',
      travelerInput({ fullName: 'Earlier build' }),
      d.db,
    );
    const rowOf = async (id: string) => (await d.db.syncQueue.where('recordId').equals(id).first())!;
    expect((await rowOf(fine.id)).checkedBy).toBe(RULES_STAMP);
    // Not valid when queued: never stamped, so the push checks it (and fails it) as before.
    expect((await rowOf(bad.id)).checkedBy).toBeUndefined();
    // Queued by an earlier build whose rules let through what this build refuses.
    const olderRow = await rowOf(older.id);
    await d.db.syncQueue.update(olderRow.id, {
      checkedBy: 'an earlier build',
      data: { ...olderRow.data, passportNo: 'X' },
    });
    const sent: string[] = [];
    const push = d.transport.push.bind(d.transport);
    d.transport.push = (body) => {
      sent.push(...body.mutations.map((m) => m.id));
      return push(body);
    };
    await syncUntilQuiet(d);
    // Only the valid row left the device; both others were refused here, before any push.
    expect(sent).toEqual([fine.id]);
    expect((await d.db.travelers.get(fine.id))?.syncStatus).toBe('synced');
    const failed = await d.db.failedSyncItems.toArray();
    expect(failed.map((f) => f.originalSyncItem.recordId).sort()).toEqual([bad.id, older.id].sort());
    expect(failed.every((f) => f.errorType === 'validation_failed')).toBe(true);
  });

  it('discarding a refused change returns the record to the server state', async () => {
    const d = device('dd');
    const t = await writeRecord('travelers', 'create', travelerInput({ note: 'on the server' }), d.db);
    await syncUntilQuiet(d);
    await writeRecord('travelers', 'update', { id: t.id, passportNo: 'X', note: 'refused' }, d.db);
    await syncUntilQuiet(d);
    const [failed] = await d.db.failedSyncItems.toArray();
    expect(failed?.errorType).toBe('validation_failed');
    await discardFailedItem(failed!.id!, d.db);
    await syncUntilQuiet(d);
    expect(await d.db.failedSyncItems.count()).toBe(0);
    expect(await opened(d.db, 'travelers', await d.db.travelers.get(t.id))).toMatchObject({
      note: 'on the server',
      passportNo: 'B1234567',
      syncStatus: 'synced',
    });
    // A refused create that never reached the server simply goes away.
    const never = await writeRecord('travelers', 'create', travelerInput({ passportNo: 'Y' }), d.db);
    await syncUntilQuiet(d);
    const [refused] = await d.db.failedSyncItems.toArray();
    await discardFailedItem(refused!.id!, d.db);
    expect(await d.db.travelers.get(never.id)).toBeUndefined();
  });

  it('edits made before the create was acknowledged are rebased and arrive in order', async () => {
    const d = device('e');
    const t = await writeRecord('travelers', 'create', travelerInput(), d.db);
    await writeRecord('travelers', 'update', { id: t.id, note: 'first' }, d.db);
    await writeRecord('travelers', 'update', { id: t.id, note: 'second' }, d.db);
    await syncUntilQuiet(d);
    const [row] = (await serverTravelers()).filter((r) => r.id === t.id);
    expect(row).toMatchObject({ note: 'second', version: 3 });
    expect((await d.db.travelers.get(t.id))?.version).toBe(3);
  });

  it('a pull interrupted before its cursor was saved resumes without gaps or duplicates', async () => {
    const writer = device('w');
    await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 25 }, (_, i) => travelerInput({ fullName: `P${i}` })),
      writer.db,
    );
    await syncUntilQuiet(writer);
    const reader = device('r');
    await losePullThenRetry(reader);
    const local = await reader.db.travelers.toArray();
    expect(local).toHaveLength(25);
    expect(new Set(local.map((l) => l.id)).size).toBe(25);
  });

  it('a pull does not overwrite a local edit that is not pushed yet', async () => {
    const a = device('pa');
    const b = device('pb');
    const t = await travelerOnBoth(a, b);
    await writeRecord('travelers', 'update', { id: t.id, note: 'from A' }, a.db);
    await syncUntilQuiet(a);
    b.transport.faults.failNext = 1;
    await writeRecord('travelers', 'update', { id: t.id, note: 'from B offline' }, b.db);
    await b.engine.sync(); // push fails; no pull overwrites B's edit
    expect((await opened(b.db, 'travelers', await b.db.travelers.get(t.id)))?.note).toBe('from B offline');
  });
});

describe('two tabs, one device', () => {
  it('edits from two tabs offline all reach the server once', async () => {
    // One device: its two tabs share the database and the device's sync client id (the app keeps
    // it in the database). With an id each, the second tab's push of the first tab's create met
    // the record already made, a conflict whenever the server held it changed already.
    const tab1 = makeDevice('tab1', () => h.app, headers, { clientId: 'device-tab1-shared' });
    const tab2 = makeDevice('tab2', () => h.app, headers, {
      db: tab1.db,
      clientId: 'device-tab1-shared',
      clock: tab1.clock,
    });
    tab1.transport.faults.offline = true;
    tab2.transport.faults.offline = true;
    const a = await writeRecord('travelers', 'create', travelerInput({ fullName: 'From tab 1' }), tab1.db);
    const b = await writeRecord('travelers', 'create', travelerInput({ fullName: 'From tab 2' }), tab2.db);
    await writeRecord('travelers', 'update', { id: a.id, note: 'tab 2 edits tab 1 record' }, tab2.db);
    tab1.transport.faults.offline = false;
    tab2.transport.faults.offline = false;
    await Promise.all([tab1.engine.sync(), tab2.engine.sync()]);
    await syncUntilQuiet(tab1);
    const rows = await serverTravelers();
    expect(rows.map((r) => r.fullName).sort()).toEqual(['From tab 1', 'From tab 2']);
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ note: 'tab 2 edits tab 1 record', version: 2 });
    expect(rows.find((r) => r.id === b.id)?.version).toBe(1);
  });
});

describe('conflicts between devices', () => {
  async function conflictOn(a: Device, b: Device) {
    const t = await travelerOnBoth(a, b);
    await writeRecord('travelers', 'update', { id: t.id, note: 'A wins the race' }, a.db);
    await writeRecord(
      'travelers',
      'update',
      { id: t.id, note: 'B edits offline', occupation: 'Bác sĩ' },
      b.db,
    );
    await syncUntilQuiet(a);
    await syncUntilQuiet(b);
    const [conflict] = await b.db.conflicts.where('resolved').equals(0).toArray();
    expect(conflict).toMatchObject({ conflictType: 'version_mismatch', recordId: t.id });
    expect((await b.db.travelers.get(t.id))?.syncStatus).toBe('conflict');
    return { id: t.id, conflictId: conflict!.id! };
  }

  it('server_wins applies the server record locally', async () => {
    const a = device('sa');
    const b = device('sb');
    const { id, conflictId } = await conflictOn(a, b);
    await resolveConflict(conflictId, 'server_wins', null, b.db);
    await syncUntilQuiet(b);
    expect(await opened(b.db, 'travelers', await b.db.travelers.get(id))).toMatchObject({
      note: 'A wins the race',
      syncStatus: 'synced',
      version: 2,
    });
    expect((await serverTravelers()).find((r) => r.id === id)?.note).toBe('A wins the race');
  });

  it('client_wins resubmits on the server version; a further server change conflicts again', async () => {
    const a = device('ca');
    const b = device('cb');
    const { id, conflictId } = await conflictOn(a, b);
    // A changes the record again before B resolves.
    await writeRecord('travelers', 'update', { id, note: 'A again' }, a.db);
    await syncUntilQuiet(a);
    await resolveConflict(conflictId, 'client_wins', null, b.db);
    await syncUntilQuiet(b);
    // B's resolution was made on version 2; the server is at 3: a new conflict, nothing overwritten.
    expect((await serverTravelers()).find((r) => r.id === id)?.note).toBe('A again');
    const [again] = await b.db.conflicts.where('resolved').equals(0).toArray();
    expect(again?.serverData?.version).toBe(3);
    await resolveConflict(again!.id!, 'client_wins', null, b.db);
    await syncUntilQuiet(b);
    expect((await serverTravelers()).find((r) => r.id === id)).toMatchObject({
      note: 'B edits offline',
      occupation: 'Bác sĩ',
      version: 4,
    });
  });

  it('manual_merge needs merged data, then sends it', async () => {
    const a = device('ma');
    const b = device('mb');
    const { id, conflictId } = await conflictOn(a, b);
    await expect(resolveConflict(conflictId, 'manual_merge', null, b.db)).rejects.toThrow(
      'Merged data required for manual merge resolution',
    );
    await resolveConflict(conflictId, 'manual_merge', { note: 'merged by hand', occupation: 'Bác sĩ' }, b.db);
    await syncUntilQuiet(b);
    expect((await serverTravelers()).find((r) => r.id === id)).toMatchObject({
      note: 'merged by hand',
      occupation: 'Bác sĩ',
    });
    await syncUntilQuiet(a);
    expect(await opened(a.db, 'travelers', await a.db.travelers.get(id))).toMatchObject({
      note: 'merged by hand',
      syncStatus: 'synced',
    });
  });

  it('a delete against an offline update: the update cannot resurrect it, it becomes a conflict', async () => {
    const a = device('da');
    const b = device('db');
    const t = await travelerOnBoth(a, b);
    await writeRecord('travelers', 'delete', { id: t.id }, a.db);
    await syncUntilQuiet(a);
    await writeRecord('travelers', 'update', { id: t.id, note: 'edited offline' }, b.db);
    await syncUntilQuiet(b);
    const [conflict] = await b.db.conflicts.toArray();
    expect(conflict?.conflictType).toBe('deleted_on_server');
    expect((await serverTravelers()).find((r) => r.id === t.id)?.deletedAt).toBeTruthy();
    await resolveConflict(conflict!.id!, 'server_wins', null, b.db);
    expect((await storeFor(b.db, 'travelers').get(t.id))?.deletedAt).toBeTruthy();
  });
});

/**
 * The same guarantees on every synced table (testing/table-cases.ts, one case per table of the
 * shared registry): a lost reply is answered from the stored results, an interrupted pull resumes,
 * and a conflict between devices is surfaced and resolved.
 */
describe.each(TABLE_CASES)('every synced table: $table', (c) => {
  let as: Record<string, string>;
  let made = 0;
  beforeEach(async () => {
    as = (await h.user(c.role)).headers;
  });
  const on = (name: string) =>
    makeDevice(
      `${c.table}-${name}`,
      () => h.app,
      () => as,
    );

  /** Every record of the table on the server, by id, as a device pulls it. */
  async function onServer() {
    const res = await h.app.inject({ url: pullPath(0, 5000), headers: as });
    const { changes } = pullResponseSchema.parse(res.json());
    return new Map(
      changes.filter((ch) => ch.table === c.table).map((ch) => [String(ch.record.id), ch.record]),
    );
  }

  async function audited(id: string) {
    const [row] = await h.database.rows(
      z.object({ n: z.coerce.number() }),
      sql`SELECT COUNT(*) AS n FROM audit_events WHERE entity = ${WRITABLE_TABLES[c.table].auditEntity} AND entity_id = ${id}`,
    );
    return row?.n ?? 0;
  }

  /**
   * One write of a record on `d` (a create, or an update of the one system status), synced first
   * where the table needs it (its traveller, the status to update); returns the record's id.
   */
  async function writeOne(d: Device) {
    if (c.create && allows(c, 'create')) {
      let parentId = '';
      if (c.parents > 0) {
        parentId = (await writeRecord('travelers', 'create', travelerInput(), d.db)).id;
        await syncUntilQuiet(d);
      }
      return (await writeRecord(c.table, 'create', c.create(parentId, ++made), d.db)).id;
    }
    await syncUntilQuiet(d);
    const [record] = await storeFor(d.db, c.table).toArray();
    if (!record || !c.update) throw new Error(`${c.table}: nothing to write`);
    await writeRecord(c.table, 'update', { id: record.id, ...c.update(++made, () => 0.5) }, d.db);
    return record.id;
  }

  it('a reply lost after the server committed: the retry is a duplicate with one effect', async () => {
    const d = on('lost');
    const id = await writeOne(d);
    const auditsBefore = await audited(id);
    const versionBefore = Number((await onServer()).get(id)?.version ?? 0);
    await loseReplyThenRetry(d);
    const local = await storeFor(d.db, c.table).get(id);
    expect(local).toMatchObject({ syncStatus: 'synced', version: versionBefore + 1 });
    expect(Number((await onServer()).get(id)?.version)).toBe(versionBefore + 1);
    expect(await audited(id)).toBe(auditsBefore + 1);
  });

  it('a pull interrupted before its cursor was saved resumes without gaps or duplicates', async () => {
    const writer = on('writer');
    for (let i = 0; i < (c.create ? 4 : 1); i++) await writeOne(writer);
    await syncUntilQuiet(writer);
    const reader = on('reader');
    await losePullThenRetry(reader);
    const local = await storeFor(reader.db, c.table).toArray();
    const server = await onServer();
    expect(local.map((l) => l.id).sort()).toEqual([...server.keys()].sort());
    for (const l of local) expect(l.version, l.id).toBe(Number(server.get(l.id)?.version));
  });

  it.skipIf(!c.update)(
    'a conflict between two devices surfaces; server_wins takes the server record',
    async (ctx) => {
      const update = c.update;
      if (!update) return ctx.skip();
      const a = on('ca');
      const b = on('cb');
      const id = await writeOne(a);
      await syncUntilQuiet(a);
      await syncUntilQuiet(b);
      await writeRecord(c.table, 'update', { id, ...update(++made, () => 0.1) }, a.db);
      await writeRecord(c.table, 'update', { id, ...update(++made, () => 0.9) }, b.db);
      await syncUntilQuiet(a);
      await syncUntilQuiet(b);
      const [conflict] = await b.db.conflicts.where('resolved').equals(0).toArray();
      expect(conflict).toMatchObject({ conflictType: 'version_mismatch', recordId: id });
      expect((await storeFor(b.db, c.table).get(id))?.syncStatus).toBe('conflict');
      await resolveConflict(conflict!.id!, 'server_wins', null, b.db);
      await syncUntilQuiet(b);
      const server = (await onServer()).get(id)!;
      const local = (await opened(b.db, c.table, await storeFor(b.db, c.table).get(id)))!;
      expect(local).toMatchObject({ syncStatus: 'synced', version: Number(server.version) });
      for (const f of c.fields) expect(local[f] ?? null, f).toEqual(server[f] ?? null);
    },
  );
});
