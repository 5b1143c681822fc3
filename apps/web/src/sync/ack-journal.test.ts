/**
 * The acknowledgement journal: a batch of plain acknowledgements is one journal row, the records
 * catch up when it is folded, and every path that decides on a record's version or sync status
 * sees the acknowledged state before the fold.
 */
import type { PushResult } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { freshDatabaseEachTest } from '../test/test-database.ts';
import { foldJournal } from './ack-journal.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { savePage } from './pull.ts';
import { applyPushResults } from './queue.ts';
import { repairServer } from './repair.ts';

const t = freshDatabaseEachTest('ack-journal');

const { id: _id, version: _version, ...travelerFields } = validTraveler;

/** N travellers created offline, and the server's answer to their push: applied at version 1. */
async function createdAndAcknowledged(n: number) {
  const made = await writeRecords(
    'travelers',
    'create',
    Array.from({ length: n }, (_, i) => ({ ...travelerFields, fullName: `Offline ${i}` })),
    t.database,
  );
  const rows = await t.database.syncQueue.toArray();
  const results: PushResult[] = rows.map((r) => ({ seq: r.id, status: 'applied', version: 1 }));
  await applyPushResults(t.database, rows, results);
  return made;
}

describe('acknowledgement journal', () => {
  it('a batch of creates is acknowledged as one journal row; folding marks every record synced', async () => {
    const made = await createdAndAcknowledged(300);
    expect(await t.database.syncQueue.count()).toBe(0);
    const journal = await t.database.ackJournal.toArray();
    expect(journal).toHaveLength(1);
    expect(journal[0]?.ids).toHaveLength(300);
    expect(await foldJournal(t.database)).toBe(300);
    expect(await t.database.ackJournal.count()).toBe(0);
    const stored = await t.database.travelers.bulkGet(made.map((m) => m.id));
    expect(stored.every((r) => r?.syncStatus === 'synced' && r.version === 1)).toBe(true);
  });

  it('an edit before the fold is based on the acknowledged version, and stays pending after it', async () => {
    const [first, second] = await createdAndAcknowledged(2);
    if (!first || !second) throw new Error('not created');
    await writeRecord('travelers', 'update', { id: first.id, fullName: 'Edited after the push' }, t.database);
    const [row] = await t.database.syncQueue.toArray();
    // Sendable at once (an update on version 0 would wait for a rebase that never comes).
    expect(row).toMatchObject({ operation: 'update', baseVersion: 1, recordId: first.id });
    // Only the edited record left the journal; the other is still to fold.
    expect((await t.database.ackJournal.toArray())[0]?.ids).toEqual([second.id]);
    await foldJournal(t.database);
    expect(await t.database.travelers.get(first.id)).toMatchObject({
      fullName: 'Edited after the push',
      version: 1,
      syncStatus: 'pending',
    });
    expect(await t.database.travelers.get(second.id)).toMatchObject({ version: 1, syncStatus: 'synced' });
  });

  it('a pulled newer version of a record not yet folded is taken, not kept aside as a local change', async () => {
    const [mine] = await createdAndAcknowledged(1);
    if (!mine) throw new Error('not created');
    const stored = await t.database.travelers.get(mine.id);
    const server = {
      ...stored,
      syncStatus: undefined,
      lastModified: undefined,
      version: 2,
      fullName: 'Changed elsewhere',
    };
    const written = await savePage(t.database, {
      changes: [{ table: 'travelers', record: server }],
      cursor: 5,
      hasMore: false,
      epoch: 'e1',
    });
    expect(written).toBe(1);
    expect(await t.database.travelers.get(mine.id)).toMatchObject({
      fullName: 'Changed elsewhere',
      version: 2,
      syncStatus: 'synced',
    });
    // Folding afterwards does not take the record back to the acknowledged version.
    await foldJournal(t.database);
    expect(await t.database.travelers.get(mine.id)).toMatchObject({ version: 2, syncStatus: 'synced' });
  });

  it('a server restored from a backup gets back records acknowledged but not yet folded', async () => {
    await createdAndAcknowledged(3);
    expect(await repairServer(t.database)).toBe(3);
    expect(await t.database.syncQueue.count()).toBe(3);
    expect(await t.database.ackJournal.count()).toBe(0);
  });

  it('a record removed from the device before the fold is skipped', async () => {
    const [gone, kept] = await createdAndAcknowledged(2);
    if (!gone || !kept) throw new Error('not created');
    await t.database.travelers.delete(gone.id);
    expect(await foldJournal(t.database)).toBe(1);
    expect(await t.database.travelers.get(gone.id)).toBeUndefined();
    expect(await t.database.travelers.get(kept.id)).toMatchObject({ syncStatus: 'synced' });
  });
});
