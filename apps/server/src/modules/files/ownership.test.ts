/**
 * Issue 13 item 5: file ownership. An unattached file is readable only by its uploader and
 * admins; once a declaration refers to it, it follows the declaration's access rule; a
 * declaration (REST or sync) that refers to a missing or foreign file is refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { healthDeclarations } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload } from '../../test/payloads.ts';
import { PNG, pdf, resetWithFiles, uploadFile } from '../../test/uploads.ts';

const h = fileHarness(undefined, { reset: false });
beforeEach(() => resetWithFiles(h));

type Headers = Record<string, string>;
const uploadPdf = async (headers: Headers, fields?: Record<string, string>) =>
  (await uploadFile(h, headers, { filename: 'test.pdf', type: 'application/pdf', data: pdf() }, fields)).body
    .id;
const readStatuses = async (id: string, headers: Headers) => [
  (await h.app.inject({ url: `/api/files/${id}`, headers })).statusCode,
  (await h.app.inject({ url: `/api/files/${id}/metadata`, headers })).statusCode,
];
const declare = (headers: Headers, payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/health-declarations', headers, payload });
const withoutId = ({ id: _id, ...rest }: { id: string }) => rest;
const NOT_ATTACHABLE = { field: 'testFileId', code: 'files.errors.notAttachable' };

describe('file ownership', () => {
  it('an unattached file is readable by its uploader and admins only; another officer gets 404', async () => {
    const owner = await h.user();
    const other = await h.user();
    const admin = await h.user('admin');
    const id = await uploadPdf(owner.headers);
    expect(await readStatuses(id, owner.headers)).toEqual([200, 200]);
    expect(await readStatuses(id, admin.headers)).toEqual([200, 200]);
    expect(await readStatuses(id, other.headers)).toEqual([404, 404]);
  });

  it('once attached to a declaration the file follows the declaration (any signed-in user reads it)', async () => {
    const owner = await h.user();
    const other = await h.user();
    const fileId = await uploadPdf(owner.headers);
    const id = randomUUID();
    expect((await declare(owner.headers, declarationPayload(id, { testFileId: fileId }))).statusCode).toBe(
      201,
    );
    expect(await readStatuses(fileId, other.headers)).toEqual([200, 200]);
    // Another officer edits the declaration and keeps the certificate already on it.
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/health-declarations/${id}`,
      headers: other.headers,
      payload: {
        ...withoutId(declarationPayload(id, { testFileId: fileId, bodyTemperature: 37.1 })),
        version: 1,
      },
    });
    expect(put.statusCode).toBe(200);
  });

  it('a declaration referring to a missing or foreign file is 422 over REST and stores nothing', async () => {
    const owner = await h.user();
    const other = await h.user();
    const foreign = await uploadPdf(owner.headers);
    for (const fileId of [randomUUID(), foreign]) {
      const res = await declare(other.headers, declarationPayload(randomUUID(), { testFileId: fileId }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_error', details: [NOT_ATTACHABLE] });
    }
    const cert = await declare(
      other.headers,
      declarationPayload(randomUUID(), { vaccinationCertFileId: foreign }),
    );
    expect(cert.json().error.details).toEqual([
      { field: 'vaccinationCertFileId', code: 'files.errors.notAttachable' },
    ]);
    expect(await h.database.db.$count(healthDeclarations)).toBe(0);
    expect(await readStatuses(foreign, other.headers)).toEqual([404, 404]);
  });

  it('a sync push rejects only the declaration referring to a foreign file, with the reason', async () => {
    const owner = await h.user();
    const other = await h.user();
    const foreign = await uploadPdf(owner.headers);
    const mine = await uploadPdf(other.headers);
    const [a, b] = [randomUUID(), randomUUID()];
    const write = (seq: number, id: string, testFileId: string) => {
      const data = withoutId(declarationPayload(id, { testFileId }));
      return { seq, table: 'healthDeclarations', op: 'create', id, baseVersion: null, data };
    };
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: other.headers,
      payload: { clientId: 'device-other', mutations: [write(1, a, foreign), write(2, b, mine)] },
    });
    expect(res.json().results).toEqual([
      { seq: 1, status: 'rejected', errors: [NOT_ATTACHABLE] },
      { seq: 2, status: 'applied', version: 1 },
    ]);
    expect(await h.database.db.$count(healthDeclarations)).toBe(1);
    expect(await readStatuses(foreign, other.headers)).toEqual([404, 404]);
  });

  it('a sync push whose every mutation refers to a foreign file answers each rejected, and again on a retry', async () => {
    const owner = await h.user();
    const other = await h.user();
    const foreign = await uploadPdf(owner.headers);
    const id = randomUUID();
    const data = withoutId(declarationPayload(id, { testFileId: foreign }));
    const push = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: other.headers,
        payload: {
          clientId: 'device-only-refused',
          mutations: [{ seq: 1, table: 'healthDeclarations', op: 'create', id, baseVersion: null, data }],
        },
      });
    for (const res of [await push(), await push()]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([{ seq: 1, status: 'rejected', errors: [NOT_ATTACHABLE] }]);
    }
    expect(await h.database.db.$count(healthDeclarations)).toBe(0);
  });

  it("an upload reusing another user's file id is a conflict and shows nothing of that file", async () => {
    const owner = await h.user();
    const other = await h.user();
    const id = randomUUID();
    await uploadPdf(owner.headers, { file_type: 'health_test_result', id });
    const again = await uploadFile(
      h,
      other.headers,
      { filename: 'test.pdf', type: 'application/pdf', data: pdf() },
      { file_type: 'health_test_result', id },
    );
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(id);
    const png = await uploadFile(h, other.headers, { filename: 'a.png', type: 'image/png', data: PNG });
    expect(png.status).toBe(201);
  });
});
