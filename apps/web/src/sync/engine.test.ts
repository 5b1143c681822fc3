/**
 * The sync engine against a scripted transport: what each answer to a push leaves on the outbox
 * row and as the run's error (the rule is classifySyncFailure in packages/shared), and the guard
 * of docs/decisions/003-epoch-detection.md: a server that went back in time gets back what this
 * device holds as synced.
 */
import {
  NO_SYMPTOMS,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncStatusResponse,
} from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { storeFor } from '../db/database.ts';
import { freshDatabaseEachTest } from '../test/test-database.ts';
import { SyncEngine } from './engine.ts';
import { writeRecord } from './outbox.ts';
import { getCursor, getEpoch, savePage } from './pull.ts';
import { applyPushResults } from './queue.ts';
import { type SyncTransport, TransportError } from './transport.ts';
import type { SyncNotice } from './types.ts';

const t = freshDatabaseEachTest('engine');
const NOW = 1_000_000_000;
const { id: _id, version: _version, ...travelerFields } = validTraveler;

/** A server in a box: its status, an empty pull, and pushes answered by `answer` (all applied by default). */
class ScriptedServer implements SyncTransport {
  pushes: PushRequest[] = [];
  state = { epoch: 'epoch-a', maxChangeSeq: 0 };
  answer: (body: PushRequest) => PushResponse = (body) => ({
    results: body.mutations.map((m) => ({
      seq: m.seq,
      status: 'applied',
      version: (m.baseVersion ?? 0) + 1,
    })),
  });

  async push(body: PushRequest): Promise<PushResponse> {
    this.pushes.push(body);
    return this.answer(body);
  }
  async pull(cursor: number): Promise<PullResponse> {
    return {
      changes: [],
      cursor: Math.max(cursor, this.state.maxChangeSeq),
      hasMore: false,
      epoch: this.state.epoch,
    };
  }
  async status(): Promise<SyncStatusResponse> {
    return { serverTime: new Date(NOW).toISOString(), counts: {}, ...this.state };
  }
  async records() {
    return { records: [] };
  }
}

/** An engine on the test's database; `now` is fixed unless `clock` is given (rows queued by the repair are due at Date.now()). */
function engineFor(server: ScriptedServer, notices: SyncNotice[] = [], clock: () => number = () => NOW) {
  return new SyncEngine({
    database: t.database,
    transport: server,
    clientId: async () => 'engine-test-client',
    now: clock,
    random: () => 0,
    isOnline: () => true,
    foldAfterRun: false,
    onNotice: (n) => notices.push(n),
  });
}

const createTraveler = (fullName: string) =>
  writeRecord('travelers', 'create', { ...travelerFields, fullName }, t.database);

describe('sync engine: a push without an answer per mutation', () => {
  // status -> the run's error, and what the traveller's one outbox row became.
  it.each([
    [0, 'errors.network_error', { queued: { retryCount: 1 } }],
    [400, undefined, { failed: { errorType: 'validation_failed', canRetry: 0 } }],
    [401, 'errors.unauthorized', { queued: { retryCount: 0 } }],
    [403, undefined, { failed: { errorType: 'validation_failed', canRetry: 0 } }],
    [404, 'errors.not_found', { queued: { retryCount: 1 } }],
    [409, 'errors.conflict', { queued: { retryCount: 1 } }],
    [413, undefined, { failed: { errorType: 'validation_failed', canRetry: 0 } }],
    [422, undefined, { failed: { errorType: 'validation_failed', canRetry: 0 } }],
    [429, 'errors.rate_limited', { queued: { retryCount: 0, nextAttemptAt: NOW + 30_000 } }],
    [500, 'errors.server_error', { queued: { retryCount: 1 } }],
    [503, 'errors.server_error', { queued: { retryCount: 1 } }],
  ] as const)('status %s: run error %s, row %j', async (status, error, outcome) => {
    await createTraveler('Refused');
    const server = new ScriptedServer();
    server.answer = () => {
      throw new TransportError(status, `http ${status}`);
    };
    const engine = engineFor(server);
    const result = await engine.sync();
    expect(result.error).toBe(error);
    const queued = await t.database.syncQueue.toArray();
    const failed = await t.database.failedSyncItems.toArray();
    if ('failed' in outcome) {
      expect(queued).toEqual([]);
      expect(failed).toEqual([expect.objectContaining(outcome.failed)]);
      expect(result.rejected).toBe(1);
    } else {
      expect(failed).toEqual([]);
      expect(queued).toEqual([expect.objectContaining(outcome.queued)]);
    }
    expect(engine.getState().paused).toBe(status === 401);
  });

  it('an update the server has no record of becomes a deleted_on_server conflict', async () => {
    const made = await createTraveler('Lost on the server');
    const [create] = await t.database.syncQueue.toArray();
    if (!create) throw new Error('not queued');
    await applyPushResults(t.database, [create], [{ seq: create.id, status: 'applied', version: 1 }]);
    await writeRecord('travelers', 'update', { id: made.id, note: 'edited' }, t.database);
    const [update] = await t.database.syncQueue.toArray();
    if (!update) throw new Error('not queued');
    await applyPushResults(
      t.database,
      [update],
      [{ seq: update.id, status: 'conflict', serverRecord: null }],
    );
    expect(await t.database.conflicts.toArray()).toEqual([
      expect.objectContaining({ recordId: made.id, operation: 'update', conflictType: 'deleted_on_server' }),
    ]);
  });
});

describe('sync engine: a server that went back in time (ADR 003)', () => {
  /** Two travellers the server acknowledged (one still in the journal), and a pull up to change 10. */
  async function deviceThatPulledTo10() {
    const server = new ScriptedServer();
    const first = await createTraveler('Synced and folded');
    await engineFor(server).sync();
    await engineFor(server).fold();
    const second = await createTraveler('Synced, still in the journal');
    await engineFor(server).sync();
    const pending = await createTraveler('Never pushed');
    await savePage(t.database, { changes: [], cursor: 10, hasMore: false, epoch: 'epoch-a' });
    server.pushes = [];
    return { server, first, second, pending };
  }

  const pushedCreates = (server: ScriptedServer) =>
    server.pushes.flatMap((p) => p.mutations).filter((m) => m.op === 'create');

  it.each([
    ['another epoch', { epoch: 'epoch-b', maxChangeSeq: 50 }],
    ['its highest change below the cursor', { epoch: 'epoch-a', maxChangeSeq: 4 }],
  ])('%s: the synced records go back as creates, the cursor starts again', async (_, state) => {
    const { server, first, second, pending } = await deviceThatPulledTo10();
    server.state = state;
    const notices: SyncNotice[] = [];
    const result = await engineFor(server, notices, Date.now).sync();
    expect(result.error).toBeUndefined();
    const sent = pushedCreates(server);
    expect(sent.map((m) => m.id).sort()).toEqual([first.id, second.id, pending.id].sort());
    expect(sent.every((m) => m.baseVersion === null)).toBe(true);
    expect(notices).toContainEqual({
      key: 'sync.notices.serverRepaired',
      level: 'warning',
      params: { count: 2 },
    });
    expect(await getEpoch(t.database)).toBe(state.epoch);
    expect(await getCursor(t.database)).toBe(state.maxChangeSeq);
    const stored = await t.database.travelers.toArray();
    expect(stored.map((r) => r.fullName).sort()).toEqual(
      ['Never pushed', 'Synced and folded', 'Synced, still in the journal'].sort(),
    );
  });

  it("sends again every record an officer's device creates (timeline, check-ins), never the admin's system status", async () => {
    const { server, first } = await deviceThatPulledTo10();
    const synced = { version: 1, syncStatus: 'synced' as const, lastModified: NOW, deletedAt: null };
    const stamp = { createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };
    await storeFor(t.database, 'checkIns').put({
      id: 'c0000000-0000-7000-8000-000000000001',
      travelerId: first.id,
      date: '2026-11-20',
      checkedAt: stamp.createdAt,
      temperature: 36.8,
      symptoms: { ...NO_SYMPTOMS },
      note: null,
      ...stamp,
      ...synced,
    });
    await storeFor(t.database, 'travelerEvents').put({
      id: 'e0000000-0000-7000-8000-000000000001',
      travelerId: first.id,
      kind: 'note',
      note: 'Seen at the counter',
      occurredAt: stamp.createdAt,
      ...stamp,
      ...synced,
    });
    await storeFor(t.database, 'systemStatus').put({
      id: 'current',
      mode: 'pandemic',
      statusText: '',
      ...stamp,
      ...synced,
    });
    server.state = { epoch: 'epoch-b', maxChangeSeq: 50 };
    await engineFor(server, [], Date.now).sync();
    const tables = new Map(pushedCreates(server).map((m) => [m.id, m.table]));
    expect(tables.get('c0000000-0000-7000-8000-000000000001')).toBe('checkIns');
    expect(tables.get('e0000000-0000-7000-8000-000000000001')).toBe('travelerEvents');
    expect([...tables.values()]).not.toContain('systemStatus');
  });

  it.each([
    ['the same epoch at the cursor', { epoch: 'epoch-a', maxChangeSeq: 10 }],
    ['the same epoch ahead of the cursor', { epoch: 'epoch-a', maxChangeSeq: 25 }],
  ])('%s: nothing is sent again', async (_, state) => {
    const { server, pending } = await deviceThatPulledTo10();
    server.state = state;
    const notices: SyncNotice[] = [];
    await engineFor(server, notices).sync();
    expect(pushedCreates(server).map((m) => m.id)).toEqual([pending.id]);
    expect(notices.map((n) => n.key)).not.toContain('sync.notices.serverRepaired');
    expect(await getCursor(t.database)).toBe(state.maxChangeSeq);
  });

  it('a device that never pulled does not take a new server for one that went back', async () => {
    const server = new ScriptedServer();
    await createTraveler('First write');
    server.state = { epoch: 'epoch-z', maxChangeSeq: 0 };
    const notices: SyncNotice[] = [];
    await engineFor(server, notices).sync();
    expect(pushedCreates(server)).toHaveLength(1);
    expect(notices).toEqual([]);
    expect(await getEpoch(t.database)).toBe('epoch-z');
  });
});
