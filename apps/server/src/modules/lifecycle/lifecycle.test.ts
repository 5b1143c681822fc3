import { randomUUID } from 'node:crypto';
import { findTransition, TRAVELER_STATUSES, type TravelerStatus } from '@bh/shared';
import { noSymptoms } from '@bh/shared/testing';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload, travelerData, travelerPayload } from '../../test/payloads.ts';

type Headers = Record<string, string>;
const h = fileHarness();
let officer: { id: string; headers: Headers };
let admin: { id: string; headers: Headers };
beforeEach(async () => {
  officer = await h.user('officer');
  admin = await h.user('admin');
});

/** A decision on a device in Viet Nam (its calendar day starts the quarantine schedule). */
const DEVICE_TIME = '2026-11-20T06:30:00+07:00';
const now = () => new Date().toISOString();

let made = 0;
async function newTraveler(headers = officer.headers) {
  // A new passport each time: one passport twice within a day is refused as a duplicate.
  const body = travelerPayload({ passportNo: `B${2_000_000 + made++}` });
  const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: body });
  expect(res.statusCode).toBe(201);
  return body.id;
}

async function declare(id: string, headers = officer.headers, over: Record<string, unknown> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/health-declarations',
    headers,
    payload: declarationPayload(id, over),
  });
  expect(res.statusCode).toBe(201);
}

function event(id: string, body: Record<string, unknown>, headers = officer.headers) {
  return h.app.inject({
    method: 'POST',
    url: `/api/travelers/${id}/events`,
    headers,
    payload: { id: randomUUID(), occurredAt: now(), ...body },
  });
}
const move = (id: string, toStatus: TravelerStatus, headers = officer.headers) =>
  event(id, { kind: 'status_changed', toStatus }, headers);
const correct = (id: string, toStatus: TravelerStatus, reason = 'Data-entry mistake') =>
  event(id, { kind: 'status_changed', toStatus, correction: true, reason }, admin.headers);

async function statusOf(id: string) {
  const res = await h.app.inject({ url: `/api/travelers/${id}`, headers: officer.headers });
  return res.json().status;
}

/** An answer's list of objects, checked as such. */
const rows = z.array(z.record(z.string(), z.unknown()));

async function timeline(id: string) {
  const res = await h.app.inject({ url: `/api/travelers/${id}/events`, headers: officer.headers });
  expect(res.statusCode).toBe(200);
  return rows.parse(res.json().items);
}

function push(headers: Headers, clientId: string, mutations: Record<string, unknown>[]) {
  return h.app
    .inject({ method: 'POST', url: '/api/sync/push', headers, payload: { clientId, mutations } })
    .then((r) => rows.parse(r.json().results));
}
const createMutation = (seq: number, table: string, id: string, data: Record<string, unknown>) => ({
  seq,
  table,
  op: 'create',
  id,
  baseVersion: null,
  data,
});

describe('status lifecycle over REST', () => {
  it('a new traveller is pending; the first declaration makes it declared (the server sets it)', async () => {
    const id = await newTraveler();
    expect(await statusOf(id)).toBe('pending');
    await declare(id);
    expect(await statusOf(id)).toBe('declared');
    const kinds = (await timeline(id)).map((e) => e.kind);
    expect(kinds).toEqual(['created', 'declared']);
    const [created] = await timeline(id);
    expect(created).toMatchObject({ actorId: officer.id, actorName: 'Test officer' });
  });

  it('a device cannot ask for pending -> declared itself', async () => {
    const id = await newTraveler();
    const res = await move(id, 'declared');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'unprocessable',
      message: 'Không thể chuyển người nhập cảnh sang trạng thái này từ trạng thái hiện tại',
      details: [{ field: 'toStatus', code: 'lifecycle.errors.transitionForbidden' }],
    });
    // The officer reads the reason in the language the app asks for, never the key.
    const en = await move(id, 'declared', { ...officer.headers, 'accept-language': 'en' });
    expect(en.json().error.message).toBe(
      'The traveller cannot move to this status from their current status',
    );
  });

  it('allows exactly the officer transitions of the table, from every status to every status', async () => {
    for (const from of TRAVELER_STATUSES) {
      for (const to of TRAVELER_STATUSES) {
        const id = await newTraveler();
        if (from !== 'pending') expect((await correct(id, from)).statusCode).toBe(201);
        const res = await move(id, to);
        const allowed = findTransition(from, to)?.by === 'officer';
        expect([from, to, res.statusCode]).toEqual([from, to, allowed ? 201 : 422]);
        expect(await statusOf(id)).toBe(allowed ? to : from);
      }
    }
  }, 60_000);

  it('records who moved the traveller, from which status, why; audited; the version moves', async () => {
    const id = await newTraveler();
    await declare(id);
    const res = await event(id, { kind: 'status_changed', toStatus: 'tested', reason: 'Cough' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      event: { kind: 'status_changed', fromStatus: 'declared', toStatus: 'tested', reason: 'Cough' },
      traveler: { status: 'tested', version: 3 },
    });
    const audit = await h.database.db.execute(
      sql`SELECT action, details FROM audit_events WHERE action LIKE 'traveler.status%'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'traveler.status' });
  });

  it('entering quarantine creates the schedule (length from the setting, from the device day)', async () => {
    await h.database.db.execute(sql`UPDATE system_status SET quarantine_days = 10`);
    const id = await newTraveler();
    await declare(id);
    const res = await event(id, { kind: 'status_changed', toStatus: 'quarantine', occurredAt: DEVICE_TIME });
    expect(res.json().traveler).toMatchObject({
      status: 'quarantine',
      quarantineStart: '2026-11-20',
      quarantineDays: 10,
    });
    expect((await move(id, 'referred')).json().traveler.status).toBe('referred');
  });

  it('the quarantine length is an admin setting that a mode change keeps', async () => {
    const put = (payload: Record<string, unknown>) =>
      h.app.inject({ method: 'PUT', url: '/api/system-status', headers: admin.headers, payload });
    expect(
      (await h.app.inject({ url: '/api/system-status', headers: officer.headers })).json(),
    ).toMatchObject({
      quarantineDays: 14,
    });
    expect((await put({ mode: 'pandemic', quarantineDays: 10 })).json()).toMatchObject({
      quarantineDays: 10,
    });
    expect((await put({ mode: 'normal' })).json()).toMatchObject({ mode: 'normal', quarantineDays: 10 });
    expect((await put({ mode: 'normal', quarantineDays: 0 })).statusCode).toBe(400);
  });

  it('a length set by the admin screen applies to the next quarantine; a running one keeps its own', async () => {
    const running = await newTraveler();
    await declare(running);
    expect((await move(running, 'quarantine')).json().traveler).toMatchObject({ quarantineDays: 14 });
    const put = (payload: Record<string, unknown>) =>
      h.app.inject({ method: 'PUT', url: '/api/system-status', headers: admin.headers, payload });
    // What the settings control sends: the mode kept, the length and the version seen.
    const { mode, version } = (
      await h.app.inject({ url: '/api/system-status', headers: admin.headers })
    ).json();
    expect((await put({ mode, quarantineDays: 61, version })).statusCode).toBe(400);
    expect((await put({ mode, quarantineDays: 7, version })).json()).toMatchObject({
      mode,
      quarantineDays: 7,
    });
    const next = await newTraveler();
    await declare(next);
    expect((await move(next, 'quarantine')).json().traveler).toMatchObject({ quarantineDays: 7 });
    const kept = await h.database.db.execute(
      sql`SELECT status, quarantine_days FROM travelers WHERE id = ${running}`,
    );
    expect(kept.rows).toEqual([{ status: 'quarantine', quarantine_days: 14 }]);
  });

  it('a later declaration never moves a traveller backwards', async () => {
    const id = await newTraveler();
    await declare(id);
    await move(id, 'quarantine');
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/health-declarations/${id}`,
      headers: officer.headers,
      payload: { ...declarationPayload(id, { bodyTemperature: 38.5 }), id: undefined, version: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('quarantine');
    // A traveller update that still carries an old status does not move it either.
    const { id: _id, ...fields } = travelerPayload({ status: 'declared' });
    const tr = await h.app.inject({ url: `/api/travelers/${id}`, headers: officer.headers });
    const upd = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${id}`,
      headers: officer.headers,
      payload: { ...fields, version: tr.json().version },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().status).toBe('quarantine');
  });

  it('corrections: admins only, with a reason, marked in the timeline', async () => {
    const id = await newTraveler();
    await declare(id);
    await move(id, 'cleared');
    const byOfficer = await event(id, {
      kind: 'status_changed',
      toStatus: 'declared',
      correction: true,
      reason: 'Wrong traveller',
    });
    expect(byOfficer.statusCode).toBe(422);
    expect(byOfficer.json().error).toMatchObject({
      message:
        'Chỉ quản trị viên hoặc giám sát viên của cửa khẩu mới được điều chỉnh trạng thái ngoài quy trình',
      details: [{ field: 'toStatus', code: 'lifecycle.errors.correctionAdminOnly' }],
    });
    const noReason = await event(
      id,
      { kind: 'status_changed', toStatus: 'declared', correction: true },
      admin.headers,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details).toEqual([
      { field: 'reason', code: 'lifecycle.errors.reasonRequired' },
    ]);
    const ok = await correct(id, 'declared', 'Cleared the wrong traveller');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().event).toMatchObject({ correction: true, fromStatus: 'cleared', toStatus: 'declared' });
    expect(await statusOf(id)).toBe('declared');
  });

  it('a note or test result needs its field; an unknown traveller is 404', async () => {
    const id = await newTraveler();
    expect((await event(id, { kind: 'note' })).statusCode).toBe(400);
    expect((await event(id, { kind: 'test_result', testResult: 'negative' })).statusCode).toBe(201);
    expect((await event(randomUUID(), { kind: 'note', note: 'x' })).statusCode).toBe(404);
    expect((await timeline(id)).map((e) => e.kind)).toEqual(['created', 'test_result']);
  });
});

describe('status lifecycle over sync', () => {
  it('a declaration pushed by a device makes the traveller declared, once', async () => {
    const id = randomUUID();
    const { id: _i, ...traveler } = travelerPayload();
    const { id: _d, ...declaration } = declarationPayload(id);
    const results = await push(officer.headers, 'device-aaaa', [
      createMutation(1, 'travelers', id, traveler),
      createMutation(2, 'healthDeclarations', id, declaration),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await statusOf(id)).toBe('declared');
  });

  it('a forbidden transition is rejected with its reason; the others in the batch apply', async () => {
    const id = await newTraveler();
    await declare(id);
    const base = { travelerId: id, kind: 'status_changed', occurredAt: now() };
    const results = await push(officer.headers, 'device-bbbb', [
      createMutation(1, 'travelerEvents', randomUUID(), { ...base, toStatus: 'quarantine' }),
      createMutation(2, 'travelerEvents', randomUUID(), { ...base, toStatus: 'tested' }),
      createMutation(3, 'travelerEvents', randomUUID(), { ...base, toStatus: 'cleared' }),
    ]);
    expect(results).toEqual([
      { seq: 1, status: 'applied', version: 1 },
      { seq: 2, status: 'rejected', errors: [{ code: 'lifecycle.errors.transitionForbidden' }] },
      { seq: 3, status: 'applied', version: 1 },
    ]);
    expect(await statusOf(id)).toBe('cleared');
    // Sent again (lost reply): the stored results, nothing applied twice.
    const again = await push(officer.headers, 'device-bbbb', [
      createMutation(3, 'travelerEvents', randomUUID(), { ...base, toStatus: 'cleared' }),
    ]);
    expect(again[0]?.status).toBe('duplicate');
  });

  it('a traveller whose declaration reached the server first is declared as it arrives, and only it', async () => {
    // The write path reads the waiting declarations with the write lock (write-path/apply.ts,
    // afterWriteReads); a traveller not written (its id taken) must not be touched by that read.
    const [early, plain] = [randomUUID(), randomUUID()];
    const { id: _d, ...declaration } = declarationPayload(early, { bodyTemperature: 36.8 });
    const first = await push(officer.headers, 'device-early', [
      createMutation(1, 'healthDeclarations', early, declaration),
    ]);
    expect(first[0]?.status).toBe('applied');
    const passport = (n: number) => `E${7_000_000 + n}`;
    const travellers = await push(officer.headers, 'device-early', [
      createMutation(2, 'travelers', early, travelerData({ passportNo: passport(1) })),
      createMutation(3, 'travelers', plain, travelerData({ passportNo: passport(2) })),
    ]);
    expect(travellers.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await statusOf(early)).toBe('declared');
    expect(await statusOf(plain)).toBe('pending');
    // Pushed again by another device with a new passport: a conflict, and the status stays.
    const again = await push(officer.headers, 'device-late', [
      createMutation(1, 'travelers', early, travelerData({ passportNo: passport(3) })),
    ]);
    expect(again[0]?.status).toBe('conflict');
    expect(await statusOf(early)).toBe('declared');
  });

  it('a declaration pushed after quarantine never downgrades the traveller', async () => {
    const id = await newTraveler();
    await declare(id);
    await move(id, 'quarantine');
    const { id: _d, ...declaration } = declarationPayload(id, { bodyTemperature: 36.9 });
    const results = await push(officer.headers, 'device-cccc', [
      { seq: 1, table: 'healthDeclarations', op: 'update', id, baseVersion: 1, data: declaration },
    ]);
    expect(results[0]?.status).toBe('applied');
    expect(await statusOf(id)).toBe('quarantine');
  });

  it('events are append-only: a device cannot update or delete one', async () => {
    const id = await newTraveler();
    const [ev] = await timeline(id);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: officer.headers,
      payload: {
        clientId: 'device-dddd',
        mutations: [
          { seq: 1, table: 'travelerEvents', op: 'delete', id: String(ev?.id), baseVersion: 1, data: null },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain('sync.validation.opNotAllowed');
    expect(await timeline(id)).toHaveLength(1);
  });

  it('check-ins sync with their officer and appear in the timeline', async () => {
    const id = await newTraveler();
    await declare(id);
    await move(id, 'quarantine');
    const checkIn = randomUUID();
    const data = {
      travelerId: id,
      date: '2026-11-21',
      checkedAt: now(),
      temperature: 38.2,
      symptoms: { ...noSymptoms, fever: true },
      note: 'Feverish',
    };
    const results = await push(officer.headers, 'device-eeee', [
      createMutation(1, 'checkIns', checkIn, data),
    ]);
    expect(results[0]).toEqual({ seq: 1, status: 'applied', version: 1 });
    const pulled = (await h.app.inject({ url: '/api/sync/pull?cursor=0', headers: admin.headers })).json();
    const row = pulled.changes.find((c: { table: string }) => c.table === 'checkIns');
    expect(row.record).toMatchObject({ id: checkIn, officerId: officer.id, officerName: 'Test officer' });
    const last = (await timeline(id)).at(-1);
    expect(last).toMatchObject({
      kind: 'check_in',
      details: { checkInId: checkIn, temperature: 38.2, fever: true },
    });
    // A stale edit of the check-in meets the server's version, like any record.
    const edit = { ...data, note: 'Better' };
    await push(officer.headers, 'device-eeee', [
      { seq: 2, table: 'checkIns', op: 'update', id: checkIn, baseVersion: 1, data: edit },
    ]);
    const stale = await push(admin.headers, 'device-ffff', [
      { seq: 1, table: 'checkIns', op: 'update', id: checkIn, baseVersion: 1, data },
    ]);
    expect(stale[0]).toMatchObject({ status: 'conflict', serverRecord: { note: 'Better', version: 2 } });
  });
});
