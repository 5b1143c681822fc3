/**
 * The consent to the privacy notice a pre-arrival code carried, recorded with the traveller
 * registered from it (docs/qr-payload.md version 3, docs/decisions/017-retention-and-rights.md):
 * a `consent` timeline event pushed with the traveller, stored and audited once, shown in the
 * personal-data export; hostile values refused with their reason.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { syncPush, travelerData, travelerPayload } from '../../test/payloads.ts';

const h = fileHarness();
type Headers = Record<string, string>;
let admin: Headers;
let officer: Headers;
beforeEach(async () => {
  admin = (await h.user('admin')).headers;
  officer = (await h.user('officer')).headers;
});

/** When the traveller accepted the notice: their phone's clock, with its offset. */
const ACCEPTED_AT = '2026-11-19T21:15:00.000+07:00';
const consentData = (travelerId: string, over: Record<string, unknown> = {}) => ({
  travelerId,
  kind: 'consent',
  occurredAt: ACCEPTED_AT,
  noticeVersion: '1.3',
  ...over,
});
const create = (seq: number, table: string, id: string, data: Record<string, unknown>) => ({
  seq,
  table,
  op: 'create',
  id,
  baseVersion: null,
  data,
});

const results = z.array(
  z.object({
    seq: z.number(),
    status: z.string(),
    errors: z.array(z.object({ code: z.string(), field: z.string().optional() })).optional(),
  }),
);
async function push(clientId: string, mutations: unknown[], headers = officer) {
  const res = await h.app.inject(syncPush(headers, clientId, mutations));
  expect(res.statusCode).toBe(200);
  return results.parse(res.json().results);
}

const consentRows = (travelerId: string) =>
  queryRows(
    h.database.db,
    z.object({ id: z.string(), notice_version: z.string().nullable(), occurred_at: z.coerce.date() }),
    sql`SELECT id::text, notice_version, occurred_at FROM traveler_events
      WHERE traveler_id = ${travelerId}::uuid AND kind = 'consent'`,
  );
const consentAudits = (travelerId: string) =>
  queryRows(
    h.database.db,
    z.object({ entity: z.string(), details: z.record(z.string(), z.unknown()) }),
    sql`SELECT entity, details FROM audit_events WHERE action = 'traveler.consent' AND entity_id = ${travelerId}`,
  );

let made = 0;
const passport = () => `C${3_000_000 + made++}`;

/** Registers a traveller over REST (an officer's device that was online). */
async function registered() {
  const body = travelerPayload({ passportNo: passport() });
  const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers: officer, payload: body });
  expect(res.statusCode).toBe(201);
  return body.id;
}

const eventOverRest = (travelerId: string, body: Record<string, unknown>, headers = officer) =>
  h.app.inject({
    method: 'POST',
    url: `/api/travelers/${travelerId}/events`,
    headers,
    payload: { id: randomUUID(), occurredAt: ACCEPTED_AT, ...body },
  });

const errorOf = (body: string) =>
  z
    .object({
      error: z.object({
        code: z.string(),
        message: z.string(),
        details: z.array(z.object({ code: z.string(), field: z.string().optional() })).optional(),
      }),
    })
    .parse(JSON.parse(body)).error;

describe('consent recorded with a traveller registered from a code', () => {
  it('goes through the push with the traveller: stored, audited and exported, exactly once', async () => {
    const travelerId = randomUUID();
    const eventId = randomUUID();
    const batch = [
      create(1, 'travelers', travelerId, travelerData({ passportNo: passport() })),
      create(2, 'travelerEvents', eventId, consentData(travelerId)),
    ];
    expect((await push('device-consent', batch)).map((r) => r.status)).toEqual(['applied', 'applied']);
    // The device did not hear the answer and sends the batch again: nothing more is stored.
    expect((await push('device-consent', batch)).map((r) => r.status)).toEqual(['duplicate', 'duplicate']);

    const stored = await consentRows(travelerId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: eventId, notice_version: '1.3' });
    expect(stored[0]?.occurred_at.toISOString()).toBe('2026-11-19T14:15:00.000Z');
    const audits = await consentAudits(travelerId);
    expect(audits).toEqual([
      {
        entity: 'traveler',
        details: { eventId, noticeVersion: '1.3', at: '2026-11-19T14:15:00.000Z' },
      },
    ]);

    // The timeline every device pulls carries it.
    const timeline = await h.app.inject({ url: `/api/travelers/${travelerId}/events`, headers: officer });
    expect(timeline.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: eventId,
          kind: 'consent',
          noticeVersion: '1.3',
          actorName: 'Test officer',
        }),
      ]),
    );

    const exported = await h.app.inject({
      url: `/api/travelers/${travelerId}/personal-data`,
      headers: admin,
    });
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.consent).toEqual({ at: '2026-11-19T14:15:00.000Z', noticeVersion: '1.3' });
    expect(data.audit).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'traveler.consent', entityId: travelerId })]),
    );
    const html = await h.app.inject({
      url: `/api/travelers/${travelerId}/personal-data?format=html&lang=en`,
      headers: admin,
    });
    expect(html.body).toContain('<h2>Consent to the privacy notice</h2>');
    expect(html.body).toContain('1.3');
  });

  it('a traveller without one exports consent null; a second consent is refused, over sync and REST', async () => {
    const travelerId = await registered();
    const none = await h.app.inject({ url: `/api/travelers/${travelerId}/personal-data`, headers: admin });
    expect(none.json().consent).toBeNull();

    // Two consents in one batch: the first is recorded, the second refused.
    const [first, second] = await push('device-twice', [
      create(1, 'travelerEvents', randomUUID(), consentData(travelerId)),
      create(2, 'travelerEvents', randomUUID(), consentData(travelerId, { noticeVersion: '1.4' })),
    ]);
    expect(first?.status).toBe('applied');
    expect(second).toMatchObject({
      status: 'rejected',
      errors: [{ code: 'privacy.errors.consentRecorded' }],
    });
    // Another device later, the same refusal.
    const [later] = await push('device-other', [
      create(1, 'travelerEvents', randomUUID(), consentData(travelerId)),
    ]);
    expect(later).toMatchObject({ status: 'rejected', errors: [{ code: 'privacy.errors.consentRecorded' }] });
    // Over REST: 409, the reason in the request's language.
    const rest = await eventOverRest(
      travelerId,
      { kind: 'consent', noticeVersion: '1.3' },
      {
        ...officer,
        'accept-language': 'ja',
      },
    );
    expect(rest.statusCode).toBe(409);
    expect(errorOf(rest.body)).toMatchObject({
      code: 'conflict',
      message: 'この旅行者のプライバシーに関するお知らせへの同意はすでに記録されています',
      details: [{ code: 'privacy.errors.consentRecorded' }],
    });
    const vi = await eventOverRest(travelerId, { kind: 'consent', noticeVersion: '1.3' });
    expect(errorOf(vi.body).message).toBe(
      'Sự đồng ý của hành khách này với thông báo về quyền riêng tư đã được ghi nhận',
    );
    expect(await consentRows(travelerId)).toHaveLength(1);
    expect(await consentAudits(travelerId)).toHaveLength(1);
    // And the database itself holds one consent per traveller (0025's unique index).
    await expect(
      h.database.db.execute(sql`INSERT INTO traveler_events (id, traveler_id, kind, occurred_at, notice_version, change_seq)
        VALUES (${randomUUID()}::uuid, ${travelerId}::uuid, 'consent', now(), '1.3', nextval('change_seq'))`),
    ).rejects.toThrow();
  });

  it('refuses hostile values with their reason, and stores nothing', async () => {
    const travelerId = await registered();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'consent' }, 'noticeVersion', 'validation.required'],
      [{ kind: 'consent', noticeVersion: '1.3<script>' }, 'noticeVersion', 'validation.invalid_format'],
      [
        { kind: 'consent', noticeVersion: `1.${'9'.repeat(40)}` },
        'noticeVersion',
        'validation.invalid_format',
      ],
      [{ kind: 'consent', noticeVersion: 13 }, 'noticeVersion', 'validation.invalid_type'],
      [
        { kind: 'consent', noticeVersion: '1.3', occurredAt: 'yesterday' },
        'occurredAt',
        'validation.invalid_datetime',
      ],
      // A notice version belongs to a consent only.
      [{ kind: 'note', note: 'Called', noticeVersion: '1.3' }, 'noticeVersion', 'validation.unknown_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await eventOverRest(travelerId, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      expect(errorOf(res.body).details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, code })]),
      );
      const [pushed] = await push(`device-${randomUUID()}`, [
        create(1, 'travelerEvents', randomUUID(), { travelerId, occurredAt: ACCEPTED_AT, ...body }),
      ]);
      expect([body, pushed?.status]).toEqual([body, 'rejected']);
      expect(pushed?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    }
    // The consent of a traveller the server does not hold is not recorded either.
    const [orphan] = await push('device-orphan', [
      create(1, 'travelerEvents', randomUUID(), consentData(randomUUID())),
    ]);
    expect(orphan).toMatchObject({
      status: 'rejected',
      errors: [{ code: 'lifecycle.errors.travelerNotFound' }],
    });
    expect(await consentRows(travelerId)).toHaveLength(0);
    expect(await consentAudits(travelerId)).toHaveLength(0);
  });

  it('stays when the traveller is erased: it names no one', async () => {
    const travelerId = await registered();
    expect((await eventOverRest(travelerId, { kind: 'consent', noticeVersion: '1.3' })).statusCode).toBe(201);
    const erased = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${travelerId}/erase`,
      headers: admin,
      payload: { reason: 'The traveller asked for it' },
    });
    expect(erased.statusCode).toBe(200);
    const after = await h.app.inject({ url: `/api/travelers/${travelerId}/personal-data`, headers: admin });
    expect(after.json()).toMatchObject({
      traveler: { fullName: '***' },
      consent: { at: '2026-11-19T14:15:00.000Z', noticeVersion: '1.3' },
    });
  });
});
