import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRead } from '../db/read-outbox.ts';
import { clearSession, setSession } from '../lib/session.ts';
import { freshDatabaseEachTest } from '../test/test-database.ts';
import { sendReadEvents } from './read-events.ts';

const t = freshDatabaseEachTest('read-events');
const officer = (id: string) => ({
  user: { id, name: id, email: `${id}@test.vn`, role: 'officer' as const, avatar: null },
  token: 't',
});
const TRAVELER = '0190f000-0000-7000-8000-000000000001';
afterEach(() => clearSession());

describe('reads audited on the device', () => {
  it('records a read once however often it is shown, and sends each exactly once', async () => {
    setSession(officer('u1'));
    await recordRead({ travelerId: TRAVELER, viewed: 'declaration' }, t.database, 1_000);
    await recordRead({ travelerId: TRAVELER, viewed: 'declaration' }, t.database, 2_000);
    await recordRead({ travelerId: TRAVELER, viewed: 'file', fileId: TRAVELER }, t.database, 3_000);
    expect(await t.database.readOutbox.count()).toBe(2);

    // The first answer is lost: the batch stays and goes again, whole.
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ stored: 2, duplicates: 0 });
    expect(await sendReadEvents(t.database, send)).toBe(0);
    expect(await t.database.readOutbox.count()).toBe(2);
    expect(await sendReadEvents(t.database, send)).toBe(2);
    expect(send.mock.calls[0]).toEqual(send.mock.calls[1]);
    const [route, body] = send.mock.calls[1] ?? [];
    expect(route).toBe('/api/audit/reads');
    expect(body.events).toEqual([
      expect.objectContaining({
        travelerId: TRAVELER,
        viewed: 'declaration',
        at: new Date(1_000).toISOString(),
      }),
      expect.objectContaining({ travelerId: TRAVELER, viewed: 'file', fileId: TRAVELER }),
    ]);
    expect(body.events[0]).not.toHaveProperty('userId');
    expect(await t.database.readOutbox.count()).toBe(0);
    expect(await sendReadEvents(t.database, send)).toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends only the signed-in officer's reads, and records none without a session", async () => {
    await recordRead({ travelerId: TRAVELER, viewed: 'declaration' }, t.database, 1_000);
    expect(await t.database.readOutbox.count()).toBe(0);
    setSession(officer('u1'));
    await recordRead({ travelerId: TRAVELER, viewed: 'declaration' }, t.database, 50_000);
    setSession(officer('u2'));
    await recordRead({ travelerId: TRAVELER, viewed: 'declaration' }, t.database, 60_000);
    const send = vi.fn().mockResolvedValue({ stored: 1, duplicates: 0 });
    expect(await sendReadEvents(t.database, send)).toBe(1);
    expect((await t.database.readOutbox.toArray()).map((r) => r.userId)).toEqual(['u1']);
  });
});
