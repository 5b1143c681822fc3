import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../../../server/src/test/file-harness.ts';
import { writeRecord } from '../../sync/outbox.ts';
import { makeDevice, syncUntilQuiet, travelerInput } from '../../sync/testing/sync-rig.ts';
import { deleteWithReason, undoDelete } from './undo-delete.ts';

// Undoing a delete (the toast's ten seconds) against the real server: whatever moment the officer
// undoes at, the traveller ends up alive on the server and on the device, in the same version.
const h = fileHarness();
let headers: Record<string, string>;
beforeEach(async () => {
  headers = (await h.user('officer')).headers;
});

/** A device with one traveller already on the server (version 1). */
async function deviceWithSyncedTraveler() {
  const d = makeDevice(
    `undo-${crypto.randomUUID().slice(0, 8)}`,
    () => h.app,
    () => headers,
  );
  const traveler = await writeRecord('travelers', 'create', travelerInput(), d.db);
  await syncUntilQuiet(d);
  return { d, traveler };
}

async function onServer(id: string) {
  const res = await h.app.inject({ url: `/api/travelers/${id}`, headers });
  return { status: res.statusCode, body: res.json() };
}

/** The sync lock as another tab's run (or this tab's) holds it: undo may not drop anything. */
const runUnderWay = async () => false;

describe('undo of a delete', () => {
  it('before any push: the delete never reaches the server', async () => {
    const { d, traveler } = await deviceWithSyncedTraveler();
    await deleteWithReason(traveler, 'registered twice', d.db);
    await undoDelete(traveler.id, d.db);
    expect(await d.db.syncQueue.count()).toBe(0);
    await syncUntilQuiet(d);
    const server = await onServer(traveler.id);
    expect(server.status).toBe(200);
    expect(server.body).toMatchObject({ version: 1, deletedAt: null });
    expect(await d.db.travelers.get(traveler.id)).toMatchObject({
      deletedAt: null,
      syncStatus: 'synced',
      version: 1,
    });
  });

  it('while the delete is on the wire: the server applies it, then the restore, and both sides keep the traveller', async () => {
    const { d, traveler } = await deviceWithSyncedTraveler();
    await deleteWithReason(traveler, 'registered twice', d.db);
    // The officer undoes after the server has applied the delete, before its answer is back.
    const push = d.transport.push.bind(d.transport);
    let undone = false;
    d.transport.push = async (body) => {
      const answer = await push(body);
      if (!undone) {
        undone = true;
        await undoDelete(traveler.id, d.db, runUnderWay);
      }
      return answer;
    };
    await syncUntilQuiet(d);
    expect(undone).toBe(true);
    expect(await d.db.syncQueue.count()).toBe(0);
    const server = await onServer(traveler.id);
    expect(server.status).toBe(200);
    // Deleted (version 2), then restored (version 3).
    expect(server.body).toMatchObject({ version: 3, deletedAt: null });
    const local = await d.db.travelers.get(traveler.id);
    expect(local).toMatchObject({ deletedAt: null, syncStatus: 'synced', version: 3 });
    // A later pull (another run) changes nothing.
    await syncUntilQuiet(d);
    expect(await d.db.travelers.get(traveler.id)).toMatchObject({ deletedAt: null, version: 3 });
  });
});
