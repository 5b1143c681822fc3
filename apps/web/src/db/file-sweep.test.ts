// @vitest-environment node
/**
 * The files' sweep (db/file-sweep.ts, issue 33) on a sealed database in fake IndexedDB: a file the
 * device keeps goes once no live record refers to it (an anonymised traveller's pulled declaration,
 * a deleted traveller, a declaration naming another file, a change of scope), and never while it
 * waits to be uploaded or unsent work names it. The app sweeps at start-up and after each sync run.
 */
import 'fake-indexeddb/auto';
import type { PullResponse, SyncStatusResponse } from '@bh/shared';
import { declarationPayload, validTraveler } from '@bh/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keysFromRaw } from '../lib/device-key.ts';
import { IMAGE_CACHE } from '../sw/image-cache.ts';
import { SyncEngine } from '../sync/engine.ts';
import { writeRecord } from '../sync/outbox.ts';
import { changeScope, keepPullScope, savePage } from '../sync/pull.ts';
import type { SyncTransport } from '../sync/transport.ts';
import { PWADatabase } from './database.ts';
import { sweepAfterRuns, sweepFiles } from './file-sweep.ts';
import { getFileBlob, markFileUploaded, saveFileBlob } from './files-repo.ts';
import { hydrateLanding } from './landing/index.ts';
import { setDatabaseKeys } from './sealing.ts';

let database: PWADatabase;
let n = 0;
let cursor = 0;

beforeEach(async () => {
  database = new PWADatabase(`file-sweep-${++n}`);
  setDatabaseKeys(database, await keysFromRaw(crypto.getRandomValues(new Uint8Array(32))));
  await database.open();
  cursor = 0;
});
afterEach(async () => {
  Reflect.deleteProperty(globalThis, 'caches');
  database.close();
  await database.delete();
});

const travelerId = (k: number) => `c0000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
const pdf = (name: string) =>
  new File([new TextEncoder().encode(`%PDF ${name}`)], name, { type: 'application/pdf' });

const travelerRecord = (k: number, version = 1, over: Record<string, unknown> = {}) => ({
  ...validTraveler,
  id: travelerId(k),
  version,
  ...over,
});
const declarationRecord = (k: number, version: number, files: Record<string, string | null>) => ({
  ...declarationPayload(travelerId(k)),
  testFileId: null,
  vaccinationCertFileId: null,
  ...files,
  riskScore: 0,
  riskLevel: 'low',
  riskFactors: [],
  ruleVersion: 'risk-v1',
  version,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  deletedAt: null,
});

type Change = PullResponse['changes'][number];
const traveler = (record: Record<string, unknown>): Change => ({ table: 'travelers', record });
const declaration = (record: Record<string, unknown>): Change => ({ table: 'healthDeclarations', record });

/** Saves one pulled page (the whole pull), moved out of the landing like the engine's fold does. */
async function pull(...changes: Change[]) {
  cursor += changes.length;
  await savePage(database, { changes, cursor, hasMore: false, epoch: 'e1' });
  await hydrateLanding(database);
}

/** A file picked on this device and uploaded since. */
async function uploadedFile(name: string) {
  const file = await saveFileBlob(pdf(name), 'health_test_result', database);
  await markFileUploaded(file.id, database);
  return file.id;
}

const held = async () => (await database.fileBlobs.toCollection().primaryKeys()).map(String).sort();

describe('the files’ sweep', () => {
  it('removes an uploaded file of an anonymised traveller (its pulled declaration names no file)', async () => {
    const test = await uploadedFile('test.pdf');
    const cert = await uploadedFile('cert.pdf');
    await pull(
      traveler(travelerRecord(1)),
      declaration(declarationRecord(1, 1, { testFileId: test, vaccinationCertFileId: cert })),
    );
    expect(await sweepFiles(database)).toEqual([]);
    expect(await held()).toEqual([cert, test].sort());
    // The server anonymised the traveller: its declaration comes back without the file ids.
    await pull(
      traveler(travelerRecord(1, 2, { fullName: '***' })),
      declaration(declarationRecord(1, 2, { fullName: '***' })),
    );
    expect((await sweepFiles(database)).sort()).toEqual([cert, test].sort());
    expect(await held()).toEqual([]);
    expect(await getFileBlob(test, database)).toBeNull();
  });

  it('keeps a pending upload, referenced or not, and a file a live declaration names', async () => {
    const picked = await saveFileBlob(pdf('picked.pdf'), 'health_test_result', database);
    const abandoned = await saveFileBlob(pdf('abandoned.pdf'), 'health_test_result', database);
    const named = await uploadedFile('named.pdf');
    await pull(
      traveler(travelerRecord(1)),
      declaration(declarationRecord(1, 1, { testFileId: picked.id, vaccinationCertFileId: named })),
    );
    expect(await sweepFiles(database)).toEqual([]);
    expect(await held()).toEqual([abandoned.id, named, picked.id].sort());
    // Once uploaded, the pick nothing names goes; the named ones stay.
    await markFileUploaded(abandoned.id, database);
    await markFileUploaded(picked.id, database);
    expect(await sweepFiles(database)).toEqual([abandoned.id]);
    expect(await held()).toEqual([named, picked.id].sort());
  });

  it('removes the file a declaration no longer names, and those of a deleted traveller', async () => {
    const old = await uploadedFile('old.pdf');
    const replacement = await uploadedFile('new.pdf');
    const other = await uploadedFile('other.pdf');
    await pull(
      traveler(travelerRecord(1)),
      declaration(declarationRecord(1, 1, { testFileId: old })),
      traveler(travelerRecord(2)),
      declaration(declarationRecord(2, 1, { testFileId: other })),
    );
    await pull(
      declaration(declarationRecord(1, 2, { testFileId: replacement })),
      // Deleted elsewhere: the traveller's tombstone, its declaration left as it was.
      traveler(travelerRecord(2, 2, { deletedAt: '2026-03-02T00:00:00.000Z' })),
    );
    expect((await sweepFiles(database)).sort()).toEqual([old, other].sort());
    expect(await held()).toEqual([replacement]);
  });

  it('keeps a file while unsent work names it: a traveller deleted here, a failed item', async () => {
    const mine = await uploadedFile('mine.pdf');
    const failed = await uploadedFile('failed.pdf');
    await pull(traveler(travelerRecord(1)), declaration(declarationRecord(1, 1, { testFileId: mine })));
    // The officer deletes the traveller: pending until the server has it.
    await writeRecord('travelers', 'delete', { id: travelerId(1) }, database);
    // A declaration's change the server refused still names a file no record names any more.
    await database.failedSyncItems.add({
      originalSyncItem: {
        id: 99,
        table: 'healthDeclarations',
        recordId: travelerId(7),
        operation: 'update',
        data: { vaccinationCertFileId: failed },
        timestamp: 1,
        retryCount: 0,
        nextAttemptAt: 1,
        baseVersion: 1,
      },
      errorType: 'validation_failed',
      errorDetails: 'validation.required',
      timestamp: 1,
      canRetry: 0,
    });
    expect(await sweepFiles(database)).toEqual([]);
    // Sent and acknowledged: the tombstone is synced, the failed item discarded.
    await database.syncQueue.clear();
    await database.travelers.update(travelerId(1), { syncStatus: 'synced' });
    await database.failedSyncItems.clear();
    expect((await sweepFiles(database)).sort()).toEqual([failed, mine].sort());
  });

  it('keeps the file of a declaration still landed (a fresh pull not yet moved into its store)', async () => {
    const landed = await uploadedFile('landed.pdf');
    cursor += 2;
    await savePage(database, {
      changes: [traveler(travelerRecord(1)), declaration(declarationRecord(1, 1, { testFileId: landed }))],
      cursor,
      hasMore: false,
      epoch: 'e1',
    });
    expect(await database.declarations.count()).toBe(1);
    expect(await sweepFiles(database)).toEqual([]);
    expect(await held()).toEqual([landed]);
  });

  it('a change of scope removes the files of the travellers it dropped, not of one kept for its work', async () => {
    const dropped = await uploadedFile('dropped.pdf');
    const busy = await uploadedFile('busy.pdf');
    await pull(
      traveler(travelerRecord(1)),
      declaration(declarationRecord(1, 1, { testFileId: dropped })),
      traveler(travelerRecord(2)),
      declaration(declarationRecord(2, 1, { testFileId: busy })),
    );
    await writeRecord('travelers', 'update', { id: travelerId(2), note: 'unsent' }, database);
    expect((await changeScope(database, 'post:other')).kept).toEqual([travelerId(2)]);
    expect(await sweepFiles(database)).toEqual([dropped]);
    expect(await held()).toEqual([busy]);
  });

  it('removes the service worker’s cached copies of the files it removes', async () => {
    const gone = await uploadedFile('gone.pdf');
    const stays = await uploadedFile('stays.pdf');
    const entries = [
      `https://app.test/api/files/${gone}`,
      `https://app.test/api/files/${stays}`,
      'https://app.test/icon.png',
    ];
    const cache = {
      keys: async () => entries.map((url) => new Request(url)),
      delete: async (request: Request) => {
        entries.splice(entries.indexOf(request.url), 1);
        return true;
      },
    };
    const opened: string[] = [];
    Object.defineProperty(globalThis, 'caches', {
      configurable: true,
      value: {
        has: async (name: string) => name === IMAGE_CACHE,
        open: async (name: string) => {
          opened.push(name);
          return cache;
        },
      },
    });
    await pull(traveler(travelerRecord(1)), declaration(declarationRecord(1, 1, { testFileId: stays })));
    expect(await sweepFiles(database)).toEqual([gone]);
    expect(opened).toEqual([IMAGE_CACHE]);
    expect(entries).toEqual([`https://app.test/api/files/${stays}`, 'https://app.test/icon.png']);
  });
});

describe('the sync engine sweeps files', () => {
  /** A server whose pull answers with `pages`, one per run. */
  function serverWith(pages: Omit<PullResponse, 'epoch' | 'hasMore'>[]): SyncTransport {
    return {
      push: async () => ({ results: [] }),
      pull: async () => ({ ...(pages.shift() ?? { changes: [], cursor }), hasMore: false, epoch: 'e1' }),
      status: async (): Promise<SyncStatusResponse> => ({
        serverTime: new Date().toISOString(),
        counts: {},
        epoch: 'e1',
        maxChangeSeq: 100,
      }),
      records: async () => ({ records: [] }),
    };
  }
  const engineWith = (transport: SyncTransport) =>
    new SyncEngine({ database, transport, clientId: async () => 'sweep-test', isOnline: () => true });

  it('after a run that pulled an anonymised declaration, and after one that changed the scope', async () => {
    const a = await uploadedFile('a.pdf');
    const b = await uploadedFile('b.pdf');
    await pull(
      traveler(travelerRecord(1)),
      declaration(declarationRecord(1, 1, { testFileId: a })),
      traveler(travelerRecord(2)),
      declaration(declarationRecord(2, 1, { testFileId: b })),
    );
    await keepPullScope(database, 'post:one');
    const engine = engineWith(
      serverWith([
        {
          changes: [declaration(declarationRecord(1, 2, { fullName: '***' }))],
          cursor: 5,
          scope: 'post:one',
        },
        // The officer now works at another post: what the device held goes, and the pull starts over.
        { changes: [], cursor: 6, scope: 'post:two' },
      ]),
    );
    // At start-up nothing goes: both files are named.
    await sweepAfterRuns(engine, database);
    expect(await held()).toEqual([a, b].sort());
    expect((await engine.sync()).pulled).toBe(1);
    await expect.poll(held).toEqual([b]);
    const run = await engine.sync();
    expect(run.error).toBeUndefined();
    expect(run.pulled).toBe(0);
    await expect.poll(held).toEqual([]);
    expect(await database.travelers.count()).toBe(0);
  });

  it('at start-up, offline too', async () => {
    await uploadedFile('orphan.pdf');
    const engine = new SyncEngine({
      database,
      transport: serverWith([]),
      clientId: async () => 'sweep-test',
      isOnline: () => false,
    });
    await sweepAfterRuns(engine, database);
    expect(await held()).toEqual([]);
  });
});
