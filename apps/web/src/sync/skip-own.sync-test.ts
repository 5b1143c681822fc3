import { describe, expect, it } from 'vitest';
import { writeRecords } from './outbox.ts';
import { officerRig } from './testing/officer-rig.ts';
import { makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

// The pull after a push leaves out the device's own acknowledged writes (the push answers'
// `written` ranges sent as `skip`), and still brings every change made by anyone else.
const { h, headers } = officerRig();

const device = (name: string) =>
  makeDevice(`${name}-${crypto.randomUUID().slice(0, 8)}`, () => h.app, headers, { pushBatchSize: 3 });

describe("the pull skips the device's own pushes", () => {
  it('sends back none of the pushed records, and the other device’s record', async () => {
    const other = device('other');
    const [theirs] = await writeRecords('travelers', 'create', [travelerInput()], other.db);
    await syncUntilQuiet(other);
    const d = device('mine');
    const mine = await writeRecords(
      'travelers',
      'create',
      Array.from({ length: 7 }, () => travelerInput()),
      d.db,
    );
    const run = await d.engine.sync();
    expect(run.error).toBeUndefined();
    // The acknowledgements reach the records once the journal is folded after the run.
    await d.engine.settled();
    expect(run.pushed).toBe(7);
    // Three pushes of at most 3, one after the other on this server: one range of 7.
    expect(d.transport.skips.at(-1)).toEqual([{ from: expect.any(Number), to: expect.any(Number) }]);
    for (const r of mine) expect(d.transport.received).not.toContain(`travelers:${r.id}`);
    expect(d.transport.received).toContain(`travelers:${theirs?.id}`);
    const locals = await d.db.travelers.toArray();
    expect(locals).toHaveLength(8);
    expect(locals.filter((l) => l.syncStatus !== 'synced' || l.version !== 1)).toEqual([]);
    // The cursor is past everything: a second run pulls nothing.
    d.transport.received = [];
    await d.engine.sync();
    expect(d.transport.received).toEqual([]);
  });

  it('a push whose reply was lost has no range: its rows come back, and end synced once', async () => {
    const d = device('lost');
    const mine = await writeRecords('travelers', 'create', [travelerInput(), travelerInput()], d.db);
    d.transport.faults.dropReplyNext = 1;
    await d.engine.sync();
    d.clock.now += 60 * 60_000;
    await syncUntilQuiet(d);
    // The retry was answered 'duplicate' (no range): the records came back, skipped by version.
    for (const r of mine) expect(d.transport.received).toContain(`travelers:${r.id}`);
    expect(await d.db.syncQueue.count()).toBe(0);
    const locals = await d.db.travelers.toArray();
    expect(locals.map((l) => [l.syncStatus, l.version])).toEqual([
      ['synced', 1],
      ['synced', 1],
    ]);
  });
});
