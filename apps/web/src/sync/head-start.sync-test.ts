import { declarationPayload } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { storeFor } from '../db/database.ts';
import { writeRecord, writeRecords } from './outbox.ts';
import { getHeadStart } from './pull.ts';
import { officerRig } from './testing/officer-rig.ts';
import { makeDevice, opened, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

// A fresh device pulls its travellers first (docs/decisions/018-travellers-first.md), then the
// rest from 0 without them; a lost page in either phase resumes where it stopped, and a traveller
// changed in between arrives at its new version.
const { h, headers } = officerRig();

// Pages of two: each phase takes several pages, and a page lost in the middle of one is resumed.
const device = (name: string) =>
  makeDevice(`${name}-${crypto.randomUUID().slice(0, 8)}`, () => h.app, headers, { pullPageSize: 2 });

describe('head start', () => {
  it('travellers first, then the rest; lost pages resume; the device ends with every record at its last version', async () => {
    const other = device('other');
    const made = await writeRecords(
      'travelers',
      'create',
      [travelerInput(), travelerInput(), travelerInput()],
      other.db,
    );
    await syncUntilQuiet(other);
    for (const t of made.slice(0, 2)) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/health-declarations',
        headers: headers(),
        payload: declarationPayload(t.id),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await syncUntilQuiet(other);

    const d = device('fresh');
    let changedBetween = false;
    let restPulls = 0;
    d.transport.beforePull = async (head) => {
      if (head.travelersTo === undefined || changedBetween || ++restPulls < 2) return;
      // After the head start, during the rest: another device edits a traveller, and the
      // rest's second page is lost on the way.
      changedBetween = true;
      const third = made[2];
      if (third)
        await writeRecord('travelers', 'update', { id: third.id, note: 'changed between' }, other.db);
      await syncUntilQuiet(other);
      d.transport.faults.dropPullNext = 1;
    };
    // The head start's page is lost too: the first run fails before anything is saved.
    d.transport.faults.dropPullNext = 1;
    expect((await d.engine.sync()).error).toBeDefined();
    expect(await getHeadStart(d.db)).toBeNull();
    d.transport.received = [];
    // The head start completes; the rest's second page is lost (beforePull).
    expect((await d.engine.sync()).error).toBeDefined();
    expect(await getHeadStart(d.db)).toMatchObject({ done: true });
    // The next run resumes the rest where it stopped, still leaving out the head start's
    // travellers: no second head start.
    const resumedAt = d.transport.heads.length;
    expect((await d.engine.sync()).error).toBeUndefined();
    expect(d.transport.heads[resumedAt]?.travelersTo).toBeGreaterThan(0);
    await syncUntilQuiet(d);
    await d.engine.settled();

    const heads = d.transport.heads;
    expect(heads[0]).toEqual({ only: 'travelers' });
    expect(heads.slice(resumedAt).some((x) => x.only !== undefined)).toBe(false);
    const to = heads.find((x) => x.travelersTo !== undefined)?.travelersTo ?? 0;
    expect(to).toBeGreaterThan(0);
    // The travellers came in the head start, once: afterwards only the one changed since.
    const travelerPulls = d.transport.received.filter((k) => k.startsWith('travelers:'));
    for (const t of made.slice(0, 2))
      expect(travelerPulls.filter((k) => k === `travelers:${t.id}`)).toHaveLength(1);
    // Done: the head start's state is gone, and the device holds what the other device holds.
    expect(await getHeadStart(d.db)).toBeNull();
    for (const table of ['travelers', 'healthDeclarations', 'travelerEvents'] as const) {
      const mine = (await storeFor(d.db, table).toArray()).map((r) => [r.id, r.version]).sort();
      const theirs = (await storeFor(other.db, table).toArray()).map((r) => [r.id, r.version]).sort();
      expect(mine, table).toEqual(theirs);
      expect(mine.length, table).toBeGreaterThan(0);
    }
    // Opened as the app reads it (sealed when BH_SEALED=1).
    const third = await opened(d.db, 'travelers', await d.db.travelers.get(made[2]?.id ?? ''));
    expect(third?.note).toBe('changed between');
  });
});
