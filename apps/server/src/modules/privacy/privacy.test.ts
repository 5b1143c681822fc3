/**
 * Retention and the traveller's rights (issue 33 points 6 and 7): the settings and their bounds,
 * the consent of the pre-arrival form, the retention job (only travellers past the period and
 * not held; reports unchanged; files gone; a device's pull carries no personal data afterwards),
 * legal holds, the export of everything held and the erasure. On PGlite and PostgreSQL.
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ANONYMISED_VALUES, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from '@bh/shared';
import { declarationPayload, validPreArrivalSend, validPreArrivalSubmission } from '@bh/shared/testing';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_POST_ID } from '../../test/harness.ts';
import { syncPush, travelerData, travelerPayload } from '../../test/payloads.ts';
import { pdf, resetWithFiles, uploadFile } from '../../test/uploads.ts';
import { claimRetentionTurn, runRetention } from './retention.ts';

const h = fileHarness(undefined, { reset: false });
type Headers = Record<string, string>;
let admin: Headers;
let officer: Headers;
let supervisor: Headers;

beforeEach(async () => {
  await resetWithFiles(h);
  admin = (await h.user('admin')).headers;
  officer = (await h.user('officer')).headers;
  supervisor = (await h.user('officer', [{ role: 'supervisor', postId: TEST_POST_ID, province: null }]))
    .headers;
});

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows(h.database.db, z.object({ n: z.coerce.number() }), query))[0]?.n ?? -1;

/** Personal values of one planted traveller, each carrying its tag. */
const planted = (tag: string, passport: string, phone: string) => ({
  tag,
  name: `${tag} Hoa Zephyr`,
  passport,
  phone,
  note: `note-${tag} <script>alert(1)</script>`,
  address: `address-${tag} 12 Hang Bac`,
  checkInNote: `checkin-${tag}`,
  medical: `medical-${tag}`,
});
type Planted = ReturnType<typeof planted>;
const PLANTED = planted('Oldtag', 'B7654321', '0987654321');
/** Strings of a planted traveller that must not survive its anonymisation. */
const secretsOf = (p: Planted) => [p.tag, p.passport, p.phone];

/**
 * A traveller with everything personal filled: the traveller, a declaration with a PDF, an
 * edit (the audit trail keeps the earlier version), a note on the timeline, a check-in with a
 * note. `age` 'old' moves every date of it back to January 2019.
 */
async function plantTraveler(p: Planted, age: 'old' | 'recent') {
  const { name, passport } = p;
  const upload = await uploadFile(h, officer, {
    filename: 'test.pdf',
    type: 'application/pdf',
    data: pdf(256),
  });
  expect(upload.status).toBe(201);
  const fileId = z.object({ id: z.string() }).parse(upload.body).id;
  const body = travelerPayload({
    fullName: name,
    passportNo: passport,
    address: p.address,
    entryDate: '2026-11-20',
  });
  const id = body.id;
  expect(
    (await h.app.inject({ method: 'POST', url: '/api/travelers', headers: officer, payload: body }))
      .statusCode,
  ).toBe(201);
  const declared = await h.app.inject({
    method: 'POST',
    url: '/api/health-declarations',
    headers: officer,
    payload: declarationPayload(id, {
      fullName: name,
      passportNumber: passport,
      phone: p.phone,
      medicalHistory: p.medical,
      testFileId: fileId,
    }),
  });
  expect(declared.statusCode).toBe(201);
  const current = z
    .object({ version: z.number() })
    .parse((await h.app.inject({ url: `/api/travelers/${id}`, headers: officer })).json());
  const { id: _id, ...fields } = body;
  const edited = await h.app.inject({
    method: 'PUT',
    url: `/api/travelers/${id}`,
    headers: officer,
    payload: { ...fields, note: p.note, version: current.version },
  });
  expect(edited.statusCode).toBe(200);
  const noted = await h.app.inject({
    method: 'POST',
    url: `/api/travelers/${id}/events`,
    headers: officer,
    payload: { id: randomUUID(), occurredAt: new Date().toISOString(), kind: 'note', note: p.note },
  });
  expect(noted.statusCode).toBe(201);
  await h.database.db.execute(sql`INSERT INTO check_ins (id, traveler_id, date, checked_at, temperature, symptoms, note,
      post_id, version, change_seq)
    VALUES (${randomUUID()}::uuid, ${id}::uuid, '2026-11-21', now(), 36.8, '{}'::jsonb, ${p.checkInNote},
      ${TEST_POST_ID}::uuid, 1, nextval('change_seq'))`);
  if (age === 'old') {
    await h.database.db.execute(sql`UPDATE travelers SET entry_date = '2019-01-05', updated_at = '2019-01-06T10:00:00Z'
      WHERE id = ${id}::uuid`);
    await h.database.db.execute(
      sql`UPDATE health_declarations SET created_at = '2019-01-05T09:00:00Z' WHERE traveler_id = ${id}::uuid`,
    );
    await h.database.db.execute(
      sql`UPDATE traveler_events SET occurred_at = '2019-01-06T09:00:00Z' WHERE traveler_id = ${id}::uuid`,
    );
    await h.database.db.execute(sql`UPDATE check_ins SET date = '2019-01-06', checked_at = '2019-01-06T09:00:00Z'
      WHERE traveler_id = ${id}::uuid`);
  }
  const [file] = await queryRows(
    h.database.db,
    z.object({ storage: z.string() }),
    sql`SELECT storage_name AS storage FROM files WHERE id = ${fileId}::uuid`,
  );
  return { id, fileId, filePath: path.join(h.dataDir, 'files', file?.storage ?? 'missing') };
}

const reportsOf = async () => {
  const urls = [
    '/api/reports/monthly?month=2019-01',
    '/api/reports/custom?from=2019-01-01&to=2019-01-31',
    '/api/reports/daily?date=2019-01-05',
    '/api/reports/weekly?week=2019-W01',
  ];
  const out: unknown[] = [];
  for (const url of urls) {
    const res = await h.app.inject({ url, headers: admin });
    expect(res.statusCode).toBe(200);
    const { generatedAt: _g, ...rest } = z.record(z.string(), z.unknown()).parse(res.json());
    out.push(rest);
  }
  return out;
};

const pullAll = async (headers: Headers, cursor = 0) => {
  let body = '';
  for (let c = cursor; ; ) {
    const res = await h.app.inject({ url: `/api/sync/pull?cursor=${c}&limit=1000`, headers });
    expect(res.statusCode).toBe(200);
    body += res.body;
    const page = z.object({ cursor: z.number(), hasMore: z.boolean() }).parse(res.json());
    if (!page.hasMore) return { body, cursor: page.cursor };
    c = page.cursor;
  }
};

const errorCodes = (body: string) =>
  z
    .object({
      error: z.object({ code: z.string(), details: z.array(z.object({ code: z.string() })).optional() }),
    })
    .parse(JSON.parse(body))
    .error.details?.map((d) => d.code) ?? [];

describe('privacy settings', () => {
  it('defaults to 60 months; an admin saves a period within the bounds and a contact, audited', async () => {
    const before = await h.app.inject({ url: '/api/privacy/settings', headers: admin });
    expect(before.json()).toMatchObject({ retentionMonths: 60, contact: '', version: 1 });
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/privacy/settings',
      headers: admin,
      payload: { retentionMonths: 24, contact: 'Privacy officer, dpo@health.gov.vn', version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retentionMonths: 24, version: 2 });
    const notice = await h.app.inject({ url: '/api/privacy/notice' });
    expect(notice.json()).toEqual({
      retentionMonths: 24,
      contact: 'Privacy officer, dpo@health.gov.vn',
      noticeVersion: '1.2',
    });
    expect(
      await count(sql`SELECT count(*) AS n FROM audit_events WHERE action = 'privacy.settings.update'`),
    ).toBe(1);
  });

  it.each([
    [{ retentionMonths: RETENTION_MONTHS_MIN - 1, contact: 'x', version: 1 }, 'validation.min_value'],
    [{ retentionMonths: RETENTION_MONTHS_MAX + 1, contact: 'x', version: 1 }, 'validation.max_value'],
    [{ retentionMonths: 12.5, contact: 'x', version: 1 }, 'validation.integer'],
    [{ retentionMonths: 12, contact: '   ', version: 1 }, 'validation.required'],
    [{ retentionMonths: 12, contact: 'x'.repeat(301), version: 1 }, 'validation.max_length'],
    [{ retentionMonths: 12, contact: 'x', version: 1, extra: true }, 'validation.unknown_field'],
  ])('refuses %j with %s and changes nothing', async (payload, code) => {
    const res = await h.app.inject({ method: 'PUT', url: '/api/privacy/settings', headers: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.body)).toContain(code);
    expect((await h.app.inject({ url: '/api/privacy/settings', headers: admin })).json()).toMatchObject({
      retentionMonths: 60,
      version: 1,
    });
  });

  it('a stale version is a conflict carrying the current settings', async () => {
    const put = (version: number) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/privacy/settings',
        headers: admin,
        payload: { retentionMonths: 12 + version, contact: 'x', version },
      });
    expect((await put(1)).statusCode).toBe(200);
    const stale = await put(1);
    expect(stale.statusCode).toBe(409);
    expect((await h.app.inject({ url: '/api/privacy/settings', headers: admin })).json()).toMatchObject({
      retentionMonths: 13,
      version: 2,
    });
  });
});

describe('pre-arrival consent', () => {
  const post = (payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/api/pre-arrivals', payload });

  it('is required: without it, or not accepted, nothing is stored', async () => {
    const without = await post(validPreArrivalSubmission);
    expect(without.statusCode).toBe(400);
    const refused = await post({
      ...validPreArrivalSubmission,
      consent: { accepted: false, noticeVersion: '1.1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorCodes(refused.body)).toContain('privacy.errors.consentRequired');
    const badVersion = await post({
      ...validPreArrivalSubmission,
      consent: { accepted: true, noticeVersion: 'x' },
    });
    expect(errorCodes(badVersion.body)).toContain('validation.invalid_format');
    expect(await count(sql`SELECT count(*) AS n FROM pre_arrivals`)).toBe(0);
  });

  it('is recorded with the submission (time, notice version) and in the audit trail', async () => {
    const res = await post(validPreArrivalSend);
    expect(res.statusCode).toBe(201);
    const { code } = z.object({ code: z.string() }).parse(res.json());
    const record = await h.app.inject({ url: `/api/pre-arrivals/${code}`, headers: officer });
    expect(record.json().consent).toEqual({ at: expect.any(String), noticeVersion: '1.1' });
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_events WHERE action = 'pre_arrival.consent' AND entity_id = ${code}`,
      ),
    ).toBe(1);
  });
});

describe('the retention job', () => {
  it('anonymises only travellers past the period and not held; reports unchanged; files gone; pulls clean', async () => {
    const heldP = planted('Heldtag', 'B1357913', '0911111111');
    const recentP = planted('Recenttag', 'B2468024', '0922222222');
    const old = await plantTraveler(PLANTED, 'old');
    const held = await plantTraveler(heldP, 'old');
    const recent = await plantTraveler(recentP, 'recent');
    const hold = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${held.id}/legal-hold`,
      headers: supervisor,
      payload: { hold: true, reason: 'Court order 12/2026' },
    });
    expect(hold.statusCode).toBe(200);
    const reportsBefore = await reportsOf();
    // The month counts the two old travellers and their declarations (equal figures mean something).
    expect(reportsBefore[0]).toMatchObject({ arrivals: 2, declarations: 2 });
    const { body: before, cursor } = await pullAll(officer);
    expect(before).toContain(PLANTED.name);

    const run = await runRetention(h.database, h.dataDir);
    expect(run).toEqual({ retentionMonths: 60, travelers: 1, filesDeleted: 1 });

    // Reports count the same.
    expect(await reportsOf()).toEqual(reportsBefore);
    // The old traveller's file: row and bytes gone; the others' stay.
    expect(await count(sql`SELECT count(*) AS n FROM files WHERE id = ${old.fileId}::uuid`)).toBe(0);
    expect(existsSync(old.filePath)).toBe(false);
    expect(existsSync(held.filePath)).toBe(true);
    expect(existsSync(recent.filePath)).toBe(true);
    // No planted value of the old traveller is left anywhere it was; the others keep theirs.
    const hits = async (table: string, strings: string[]) =>
      count(
        sql`SELECT count(*) AS n FROM ${sql.raw(table)} x WHERE ${sql.join(
          strings.map((v) => sql`x::text LIKE ${`%${v}%`}`),
          sql` OR `,
        )}`,
      );
    for (const table of [
      'travelers',
      'health_declarations',
      'traveler_events',
      'check_ins',
      'audit_events',
    ]) {
      expect({ table, hits: await hits(table, secretsOf(PLANTED)) }).toEqual({ table, hits: 0 });
      if (table !== 'audit_events') expect(await hits(table, [heldP.tag])).toBeGreaterThan(0);
      if (table !== 'audit_events') expect(await hits(table, [recentP.tag])).toBeGreaterThan(0);
    }
    const traveler = (await h.app.inject({ url: `/api/travelers/${old.id}`, headers: officer })).json();
    expect(traveler).toMatchObject({
      fullName: ANONYMISED_VALUES.fullName,
      passportNo: ANONYMISED_VALUES.passportNo,
      address: null,
      note: null,
      nationality: 'VN',
      entryDate: '2019-01-05',
    });
    const heldNow = (await h.app.inject({ url: `/api/travelers/${held.id}`, headers: officer })).json();
    expect(heldNow.fullName).toBe(heldP.name);
    const recentNow = (await h.app.inject({ url: `/api/travelers/${recent.id}`, headers: officer })).json();
    expect(recentNow.fullName).toBe(recentP.name);

    // A device that pulled before gets the anonymised copies; so does a fresh one.
    const after = await pullAll(officer, cursor);
    expect(after.body).toContain(old.id);
    const fresh = await pullAll(officer);
    for (const secret of secretsOf(PLANTED)) {
      expect(after.body).not.toContain(secret);
      expect(fresh.body).not.toContain(secret);
    }
    expect(fresh.body).toContain(heldP.name);
    // Audited: the traveller and the run.
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_events WHERE action = 'traveler.anonymise' AND entity_id = ${old.id}`,
      ),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*) AS n FROM audit_events WHERE action = 'privacy.retention.run'`),
    ).toBe(1);
    // A second run finds nothing and records nothing.
    expect(await runRetention(h.database, h.dataDir)).toMatchObject({ travelers: 0 });
    expect(
      await count(sql`SELECT count(*) AS n FROM audit_events WHERE action = 'privacy.retention.run'`),
    ).toBe(1);
  });

  it('runs once an hour across instances: one claims the turn, the others skip it', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    try {
      expect(await claimRetentionTurn(h.database.db, 3_600_000, now)).toBe(true);
      expect(await claimRetentionTurn(h.database.db, 3_600_000, new Date(now.getTime() + 1000))).toBe(false);
      expect(await claimRetentionTurn(h.database.db, 3_600_000, new Date(now.getTime() + 3_600_000))).toBe(
        true,
      );
    } finally {
      await h.database.db.execute(sql`DELETE FROM meta WHERE key = 'retention_next_run'`);
    }
  });

  it('follows the setting: a shorter period takes travellers a longer one keeps', async () => {
    const t = await plantTraveler(planted('Shorttag', 'B1112223', '0933333333'), 'recent');
    await h.database.db.execute(
      sql`UPDATE travelers SET entry_date = now() - interval '8 months', updated_at = now() - interval '8 months' WHERE id = ${t.id}::uuid`,
    );
    await h.database.db.execute(
      sql`UPDATE traveler_events SET occurred_at = now() - interval '8 months' WHERE traveler_id = ${t.id}::uuid`,
    );
    await h.database.db.execute(
      sql`UPDATE check_ins SET checked_at = now() - interval '8 months' WHERE traveler_id = ${t.id}::uuid`,
    );
    expect((await runRetention(h.database, h.dataDir)).travelers).toBe(0);
    const privacy = (await h.app.inject({ url: `/api/travelers/${t.id}/privacy`, headers: officer })).json();
    expect(privacy).toMatchObject({ legalHold: null, anonymisedAt: null, retainedUntil: expect.any(String) });
    await h.app.inject({
      method: 'PUT',
      url: '/api/privacy/settings',
      headers: admin,
      payload: { retentionMonths: 6, contact: 'dpo@health.gov.vn', version: 1 },
    });
    expect((await runRetention(h.database, h.dataDir)).travelers).toBe(1);
  });
});

describe('legal hold', () => {
  it('admins and the post supervisor set and clear it with a reason, audited; bad input changes nothing', async () => {
    const t = await plantTraveler(planted('Holdtag', 'B3333333', '0944444444'), 'recent');
    const put = (headers: Headers, payload: Record<string, unknown>) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/travelers/${t.id}/legal-hold`,
        headers,
        payload,
      });
    expect((await put(officer, { hold: true, reason: 'x' })).statusCode).toBe(403);
    const blank = await put(admin, { hold: true, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(errorCodes(blank.body)).toContain('validation.required');
    const long = await put(admin, { hold: true, reason: 'x'.repeat(501) });
    expect(errorCodes(long.body)).toContain('validation.max_length');
    expect(
      (await h.app.inject({ url: `/api/travelers/${t.id}/privacy`, headers: admin })).json().legalHold,
    ).toBeNull();
    const set = await put(supervisor, { hold: true, reason: 'Inquiry 4/2026' });
    expect(set.statusCode).toBe(200);
    expect(set.json().legalHold).toMatchObject({ reason: 'Inquiry 4/2026' });
    expect(set.json().retainedUntil).toBeNull();
    const again = await put(admin, { hold: true, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(errorCodes(again.body)).toEqual(['privacy.errors.alreadyHeld']);
    expect((await put(admin, { hold: false, reason: 'Inquiry closed' })).statusCode).toBe(200);
    const notHeld = await put(admin, { hold: false, reason: 'Again' });
    expect(errorCodes(notHeld.body)).toEqual(['privacy.errors.notHeld']);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_events WHERE action LIKE 'traveler.legal_hold.%' AND entity_id = ${t.id}`,
      ),
    ).toBe(2);
  });
});

describe('export and erasure', () => {
  it('the export holds everything about the traveller, as JSON and HTML, audited', async () => {
    const t = await plantTraveler(PLANTED, 'recent');
    await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${t.id}/legal-hold`,
      headers: admin,
      payload: { hold: true, reason: 'Inquiry 5/2026' },
    });
    const res = await h.app.inject({ url: `/api/travelers/${t.id}/personal-data`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`traveller-${t.id}.json`);
    const data = res.json();
    expect(data.traveler).toMatchObject({
      id: t.id,
      fullName: PLANTED.name,
      passportNo: PLANTED.passport,
      address: PLANTED.address,
    });
    expect(data.declaration).toMatchObject({
      phone: PLANTED.phone,
      medicalHistory: PLANTED.medical,
      testFileId: t.fileId,
    });
    expect(data.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['declared', 'note', 'file_attached']),
    );
    expect(data.checkIns).toHaveLength(1);
    expect(data.checkIns[0].note).toBe(PLANTED.checkInNote);
    expect(data.files.map((f: { id: string }) => f.id)).toEqual([t.fileId]);
    const actions = data.audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'traveler.create',
        'traveler.update',
        'health_declaration.create',
        'traveler.legal_hold.set',
      ]),
    );
    expect(data.privacy.legalHold.reason).toBe('Inquiry 5/2026');

    const html = await h.app.inject({
      url: `/api/travelers/${t.id}/personal-data?format=html&lang=vi`,
      headers: admin,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Dữ liệu cá nhân đang lưu giữ');
    expect(html.body).toContain(PLANTED.name);
    expect(html.body).toContain(PLANTED.phone);
    expect(html.body).not.toContain('<script>');
    expect(html.body).toContain('&lt;script&gt;');
    expect(
      await count(
        sql`SELECT count(*) AS n FROM audit_events WHERE action = 'traveler.personal_data.export' AND entity_id = ${t.id}`,
      ),
    ).toBe(2);
    const bad = await h.app.inject({
      url: `/api/travelers/${t.id}/personal-data?format=pdf`,
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad.body)).toContain('validation.invalid_option');
  });

  it('erasure is refused under a legal hold, then anonymises at once, audited; twice is refused', async () => {
    const t = await plantTraveler(PLANTED, 'recent');
    const erase = (payload: Record<string, unknown> = { reason: 'Request of the traveller, art. 16' }) =>
      h.app.inject({
        method: 'POST',
        url: `/api/travelers/${t.id}/erase`,
        headers: admin,
        payload,
      });
    await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${t.id}/legal-hold`,
      headers: admin,
      payload: { hold: true, reason: 'Court order' },
    });
    const refused = await erase();
    expect(refused.statusCode).toBe(409);
    expect(errorCodes(refused.body)).toEqual(['privacy.errors.legalHold']);
    expect((await h.app.inject({ url: `/api/travelers/${t.id}`, headers: admin })).json().fullName).toBe(
      PLANTED.name,
    );
    expect(existsSync(t.filePath)).toBe(true);
    await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${t.id}/legal-hold`,
      headers: admin,
      payload: { hold: false, reason: 'Case closed' },
    });
    expect((await erase({ reason: '' })).statusCode).toBe(400);
    expect((await erase({})).statusCode).toBe(400);
    const done = await erase();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ travelerId: t.id, filesDeleted: 1 });
    expect(existsSync(t.filePath)).toBe(false);
    const { body } = await pullAll(officer);
    for (const secret of secretsOf(PLANTED)) expect(body).not.toContain(secret);
    const again = await erase();
    expect(errorCodes(again.body)).toEqual(['privacy.errors.anonymised']);
    const [entry] = await queryRows(
      h.database.db,
      z.object({ details: z.record(z.string(), z.unknown()) }),
      sql`SELECT details FROM audit_events WHERE action = 'traveler.anonymise' AND entity_id = ${t.id}`,
    );
    expect(entry?.details).toEqual({
      cause: 'erasure',
      reason: 'Request of the traveller, art. 16',
      filesDeleted: 1,
    });
    // A device's unsent edit (at the new version) or a new note cannot bring personal data back.
    const now = z
      .object({ version: z.number() })
      .parse((await h.app.inject({ url: `/api/travelers/${t.id}`, headers: officer })).json());
    const pushed = await h.app.inject(
      syncPush(officer, randomUUID(), [
        {
          seq: 1,
          table: 'travelers',
          op: 'update',
          id: t.id,
          baseVersion: now.version,
          data: travelerData({
            fullName: PLANTED.name,
            passportNo: PLANTED.passport,
            entryDate: '2026-11-20',
          }),
        },
        {
          seq: 2,
          table: 'travelerEvents',
          op: 'create',
          id: randomUUID(),
          baseVersion: null,
          data: { travelerId: t.id, kind: 'note', occurredAt: new Date().toISOString(), note: PLANTED.tag },
        },
      ]),
    );
    expect(pushed.statusCode).toBe(200);
    const results = z
      .object({
        results: z.array(
          z.object({ status: z.string(), errors: z.array(z.object({ code: z.string() })).optional() }),
        ),
      })
      .parse(pushed.json()).results;
    expect(results.map((r) => [r.status, r.errors?.[0]?.code])).toEqual([
      ['rejected', 'privacy.errors.anonymised'],
      ['rejected', 'privacy.errors.anonymised'],
    ]);
    expect((await h.app.inject({ url: `/api/travelers/${t.id}`, headers: admin })).json().fullName).toBe(
      ANONYMISED_VALUES.fullName,
    );
    // The export after erasure shows what is left: no personal data.
    const left = await h.app.inject({ url: `/api/travelers/${t.id}/personal-data`, headers: admin });
    for (const secret of secretsOf(PLANTED)) expect(left.body).not.toContain(secret);
  });
});
