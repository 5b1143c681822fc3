/**
 * Devices hold their post only (docs/decisions/014-points-of-entry.md): a transfer moves a
 * traveller from one post's device to the other's; an officer who switches post drops what the
 * old post's device held, except what is not yet accepted, and pulls the new post's.
 */
import { describe, expect, it } from 'vitest';
import { OTHER_POST_ID, TEST_POST_ID } from '../../../server/src/test/harness.ts';
import { writeRecords } from './outbox.ts';
import { officerRig } from './testing/officer-rig.ts';
import { makeDevice, syncUntilQuiet, travelerInput } from './testing/sync-rig.ts';

const { h, headers } = officerRig();
const device = (name: string, as: () => Record<string, string>) =>
  makeDevice(`${name}-${crypto.randomUUID().slice(0, 8)}`, () => h.app, as);

describe('devices hold their own post', () => {
  it('a transfer leaves one post’s device and reaches the other’s', async () => {
    const other = (await h.user('officer', [{ role: 'officer', postId: OTHER_POST_ID, province: null }]))
      .headers;
    const here = device('here', headers);
    const there = device('there', () => other);
    // The app writes the officer's current post on each new traveller (db/travelers-repo.ts).
    const atHere = () => ({ ...travelerInput(), entryPostId: TEST_POST_ID });
    const [moving, staying] = await writeRecords('travelers', 'create', [atHere(), atHere()], here.db);
    await writeRecords('travelers', 'create', [travelerInput()], there.db);
    await syncUntilQuiet(here);
    await syncUntilQuiet(there);
    expect(await here.db.travelers.count()).toBe(2);
    expect(await there.db.travelers.count()).toBe(1);
    expect((await here.db.travelers.get(moving?.id ?? ''))?.entryPostId).toBe(TEST_POST_ID);

    const res = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${moving?.id}/transfer`,
      headers: headers(),
      payload: { postId: OTHER_POST_ID, reason: 'Sent to the border quarantine facility' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await syncUntilQuiet(here);
    await syncUntilQuiet(there);
    expect((await here.db.travelers.toArray()).map((t) => t.id)).toEqual([staying?.id]);
    expect(
      await here.db.travelerEvents
        .where('travelerId')
        .equals(moving?.id ?? '')
        .count(),
    ).toBe(0);
    const arrived = await there.db.travelers.get(moving?.id ?? '');
    expect(arrived?.entryPostId).toBe(OTHER_POST_ID);
    const events = await there.db.travelerEvents
      .where('travelerId')
      .equals(moving?.id ?? '')
      .toArray();
    expect(events.map((e) => e.kind)).toContain('transferred');
  });

  it('switching post drops the old post’s travellers but the unsent one, and pulls the new post’s', async () => {
    const both = await h.user('officer', [
      { role: 'officer', postId: TEST_POST_ID, province: null },
      { role: 'officer', postId: OTHER_POST_ID, province: null },
    ]);
    const other = (await h.user('officer', [{ role: 'officer', postId: OTHER_POST_ID, province: null }]))
      .headers;
    const there = device('there', () => other);
    const [theirs] = await writeRecords('travelers', 'create', [travelerInput()], there.db);
    await syncUntilQuiet(there);
    // Both posts' officer first works at OTH ('OTH' < 'TST'): switch to TST, then sync.
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/post',
      headers: both.headers,
      payload: { postId: TEST_POST_ID },
    });
    const d = device('both', () => both.headers);
    await writeRecords('travelers', 'create', [travelerInput()], d.db);
    await syncUntilQuiet(d);
    expect(await d.db.travelers.count()).toBe(1);
    // Offline, a change is made; then the officer moves to OTH.
    d.transport.faults.offline = true;
    const [unsent] = await writeRecords('travelers', 'create', [travelerInput()], d.db);
    d.transport.faults.offline = false;
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/post',
      headers: both.headers,
      payload: { postId: OTHER_POST_ID },
    });
    await syncUntilQuiet(d);
    const held = (await d.db.travelers.toArray()).map((t) => t.id).sort();
    // The unsent traveller was pushed first (at OTH now: the server files it there) and stays;
    // TST's synced traveller went; OTH's came.
    expect(held).toEqual([theirs?.id, unsent?.id].sort());
    expect(await d.db.syncQueue.count()).toBe(0);
  });
});
