import { readFileSync } from 'node:fs';
import {
  completePreArrival,
  decodeQrPayload,
  PRE_ARRIVAL_CODE_PATTERN,
  preArrivalSubmissionSchema,
} from '@bh/shared';
import { validPreArrivalSend, validPreArrivalSubmission, validQrConsent } from '@bh/shared/testing';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { purgeExpired } from './store.ts';

const h = fileHarness();
let officer: Record<string, string>;
beforeEach(async () => {
  officer = (await h.user()).headers;
});

const CONSENT = validPreArrivalSend.consent;
/** Posts a submission with the consent (a body given whole is sent as it is). */
const submit = (payload: Record<string, unknown> = validPreArrivalSend) =>
  h.app.inject({ method: 'POST', url: '/api/pre-arrivals', payload });
const lookup = (code: string, headers: Record<string, string> = officer) =>
  h.app.inject({ url: `/api/pre-arrivals/${code}`, headers });

async function submitted() {
  const res = await submit();
  expect(res.statusCode).toBe(201);
  return res.json<{ code: string; expiresAt: string }>();
}

describe('POST /api/pre-arrivals (anonymous)', () => {
  it('stores a submission and answers 201 with a short code and the expiry 72 h ahead', async () => {
    const before = Date.now();
    const { code, expiresAt } = await submitted();
    expect(code).toMatch(PRE_ARRIVAL_CODE_PATTERN);
    // The code says nothing about the traveller.
    expect(code).not.toContain(validPreArrivalSubmission.traveler.passportNo);
    const hours = (Date.parse(expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
  });

  it('refuses invalid input with 400 and field errors, storing nothing', async () => {
    const bad = {
      ...validPreArrivalSend,
      traveler: { ...validPreArrivalSubmission.traveler, passportNo: 'X' },
      declaration: { ...validPreArrivalSubmission.declaration, bodyTemperature: 50 },
    };
    const res = await submit(bad);
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['traveler.passportNo', 'declaration.bodyTemperature']));
    const rows = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM pre_arrivals`);
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('GET /api/pre-arrivals/:code', () => {
  it('is 401 anonymous; officers and admins read the whole submission by code', async () => {
    const { code } = await submitted();
    expect((await lookup(code, {})).statusCode).toBe(401);
    const expected = completePreArrival(preArrivalSubmissionSchema.parse(validPreArrivalSubmission));
    for (const headers of [officer, (await h.user('admin')).headers]) {
      const res = await lookup(code, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code, submission: expected, usedAt: null });
    }
  });

  it('accepts the code as typed (lower case, dashes, spaces); unknown is 404, malformed 400', async () => {
    const { code } = await submitted();
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    expect((await lookup(typed)).statusCode).toBe(200);
    expect((await lookup('ABCDEFGH23')).statusCode).toBe(404);
    const bad = await lookup('O0I1');
    expect(bad.statusCode).toBe(400);
  });

  it('has no list: GET /api/pre-arrivals answers no submissions to anyone', async () => {
    await submitted();
    for (const headers of [{}, officer, (await h.user('admin')).headers]) {
      const res = await h.app.inject({ url: '/api/pre-arrivals', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(validPreArrivalSubmission.traveler.passportNo);
    }
  });

  it('an expired submission is never answered and the purge removes it', async () => {
    const { code } = await submitted();
    await h.database.db.execute(sql`UPDATE pre_arrivals SET expires_at = now() - interval '1 second'`);
    expect((await lookup(code)).statusCode).toBe(404);
    expect(await purgeExpired(h.database.db)).toBe(1);
    const rows = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM pre_arrivals`);
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('POST /api/pre-arrivals/:code/used', () => {
  it('marks the submission imported once; the first time stays', async () => {
    const { code } = await submitted();
    expect((await h.app.inject({ method: 'POST', url: `/api/pre-arrivals/${code}/used` })).statusCode).toBe(
      401,
    );
    const first = await h.app.inject({
      method: 'POST',
      url: `/api/pre-arrivals/${code}/used`,
      headers: officer,
    });
    expect(first.statusCode).toBe(200);
    const usedAt = first.json().usedAt;
    expect(usedAt).toEqual(expect.any(String));
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/pre-arrivals/${code}/used`,
      headers: officer,
    });
    expect(again.json().usedAt).toBe(usedAt);
    expect((await lookup(code)).json().usedAt).toBe(usedAt);
  });
});

describe('QR payload document', () => {
  const doc = () => readFileSync(new URL('../../../../../docs/qr-payload.md', import.meta.url), 'utf8');
  const submission = () => completePreArrival(preArrivalSubmissionSchema.parse(validPreArrivalSubmission));

  it('the test vector of docs/qr-payload.md decodes to the fixture, which the API accepts', async () => {
    const vector = /```text\n(BH1:[^\n]+)\n```/.exec(doc())?.[1] ?? '';
    const decoded = await decodeQrPayload(vector);
    expect(decoded).toEqual({ ok: true, value: submission(), consent: null });
    if (decoded.ok) expect((await submit({ ...decoded.value, consent: CONSENT })).statusCode).toBe(201);
  });

  it('the version-3 vector decodes to the fixture with its post and consent, which the API accepts', async () => {
    const vector = /```text\n(BH3:[^\n]+)\n```/.exec(doc())?.[1] ?? '';
    const decoded = await decodeQrPayload(vector);
    expect(decoded).toEqual({ ok: true, value: { ...submission(), post: 'HAN' }, consent: validQrConsent });
    if (!decoded.ok) return;
    const { noticeVersion } = decoded.consent ?? validQrConsent;
    expect((await submit({ ...decoded.value, consent: { accepted: true, noticeVersion } })).statusCode).toBe(
      201,
    );
  });
});

describe('rate limit', () => {
  const postFrom = (remoteAddress: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/pre-arrivals',
      payload: validPreArrivalSend,
      remoteAddress,
    });

  it('answers 429 with Retry-After after 20 posts an hour from one address; bad bodies do not count', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/pre-arrivals',
      payload: { traveler: {} },
      remoteAddress: '203.0.113.7',
    });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 20; i++) expect((await postFrom('203.0.113.7')).statusCode).toBe(201);
    const limited = await postFrom('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await postFrom('203.0.113.8')).statusCode).toBe(201);
    const rows = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM pre_arrivals`);
    expect(rows.rows[0]?.n).toBe(21);
  });
});
