import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, stripNameControls } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { JPEG, multipart, PNG, pdf, resetWithFiles, uploadFile } from '../../test/uploads.ts';

const h = fileHarness(undefined, { reset: false });
beforeEach(() => resetWithFiles(h));

const upload = (
  headers: Record<string, string>,
  file: { filename: string; type: string; data: Buffer },
  fields?: Record<string, string>,
) => uploadFile(h, headers, file, fields);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const storedNames = () => {
  const dir = path.join(h.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/files', () => {
  it('accepts PNG, JPEG and PDF, keeps the SHA-256 and stores under a server-made name', async () => {
    const { headers } = await h.user();
    for (const [filename, type, data] of [
      ['scan.png', 'image/png', PNG],
      ['photo.jpg', 'image/jpeg', JPEG],
      ['../../etc/cert.pdf', 'application/pdf', pdf()],
    ] as const) {
      const res = await upload(headers, { filename, type, data });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        size: data.length,
        sha256: sha(data),
        fileType: 'health_test_result',
      });
    }
    const names = storedNames();
    expect(names).toHaveLength(3);
    for (const n of names) expect(n).toMatch(/^[0-9a-f-]{36}\.bin$/);
    const meta = (
      await upload(headers, { filename: '../../etc/cert.pdf', type: 'application/pdf', data: pdf() })
    ).body;
    expect(meta.originalName).toBe('cert.pdf');
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413 payload_too_large', async () => {
    const { headers } = await h.user();
    const ok = await upload(headers, {
      filename: 'big.pdf',
      type: 'application/pdf',
      data: pdf(MAX_UPLOAD_BYTES),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(MAX_UPLOAD_BYTES);
    const before = storedNames().length;
    const tooBig = await upload(headers, {
      filename: 'big.pdf',
      type: 'application/pdf',
      data: pdf(MAX_UPLOAD_BYTES + 1),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({
      code: 'payload_too_large',
      message: 'File(s) too large. Maximum size: 5MB',
      details: [{ field: 'file', code: 'files.errors.tooLarge' }],
    });
    expect(tooBig.headers.connection).toBe('close');
    // The partial file is removed.
    expect(storedNames().length).toBe(before);
    expect(storedNames().some((n) => n.endsWith('.part'))).toBe(false);
  });

  it('refuses a renamed HTML or EXE file by its magic bytes (415) and other types', async () => {
    const { headers } = await h.user();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const refused = (code: string, more: { message?: string } = {}) => ({
      code: 'unsupported_media_type',
      ...more,
      details: [{ field: 'file', code }],
    });
    // Allowed types whose bytes are something else, then types that are not allowed at all.
    const mismatch = refused('files.errors.contentMismatch');
    const notAllowed = refused('files.errors.unsupportedType', {
      message: 'Only PNG, JPG and PDF files are allowed',
    });
    const cases = [
      { file: { filename: 'cert.pdf', type: 'application/pdf', data: html }, error: mismatch },
      { file: { filename: 'photo.png', type: 'image/png', data: exe }, error: mismatch },
      { file: { filename: 'photo.jpg', type: 'application/octet-stream', data: exe }, error: mismatch },
      { file: { filename: 'page.html', type: 'text/html', data: html }, error: notAllowed },
      { file: { filename: 'setup.exe', type: 'application/x-msdownload', data: exe }, error: notAllowed },
      { file: { filename: 'setup.exe', type: 'application/octet-stream', data: exe }, error: notAllowed },
    ];
    for (const { file, error } of cases) {
      const res = await upload(headers, file);
      expect(res.status).toBe(415);
      expect(res.body.error).toMatchObject(error);
      expect(res.body.error.details).toEqual(error.details);
    }
    expect(storedNames()).toEqual([]);
  });

  it('needs a valid file_type, a file and a login', async () => {
    const { headers } = await h.user();
    const bad = await upload(
      headers,
      { filename: 'a.png', type: 'image/png', data: PNG },
      { file_type: 'selfie' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ field: 'file_type', code: 'validation.invalid_option' }]);
    const body = multipart([{ name: 'file_type', value: 'health_test_result' }]);
    const none = await h.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(none.statusCode).toBe(400);
    const anon = await upload({}, { filename: 'a.png', type: 'image/png', data: PNG });
    expect(anon.status).toBe(401);
    expect(storedNames()).toEqual([]);
  });

  it('keeps the device-made id; the same id and bytes again return the stored file, other bytes conflict', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    const fields = { file_type: 'vaccination_certificate', id };
    const first = await upload(headers, { filename: 'v.pdf', type: 'application/pdf', data: pdf() }, fields);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    const again = await upload(headers, { filename: 'v.pdf', type: 'application/pdf', data: pdf() }, fields);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await upload(headers, { filename: 'v.png', type: 'image/png', data: PNG }, fields);
    expect(other.status).toBe(409);
    expect(storedNames()).toHaveLength(1);
    const badId = await upload(
      headers,
      { filename: 'v.png', type: 'image/png', data: PNG },
      { ...fields, id: 'x' },
    );
    expect(badId.status).toBe(400);
  });
});

describe('GET and DELETE /api/files/:id', () => {
  it('never lets a bidi override or control character of an uploaded name reach the download name', async () => {
    const owner = await h.user();
    // Shown by a browser as "certexe.pdf" while the file is cert<RLO>fdp.exe.pdf.
    const filename = 'cert\u202efdp.exe\u2066\u0007.pdf';
    const { body } = await upload(owner.headers, { filename, type: 'application/pdf', data: pdf() });
    expect(body.originalName).toBe('certfdp.exe.pdf');
    // A name stored before uploads were cleaned is cleaned on its way out too.
    await h.database.db.execute(sql`UPDATE files SET original_name = ${filename} WHERE id = ${body.id}`);
    const res = await h.app.inject({ url: `/api/files/${body.id}`, headers: owner.headers });
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain(`UTF-8''${encodeURIComponent('certfdp.exe.pdf')}`);
    const shown = decodeURIComponent(disposition);
    expect(stripNameControls(shown)).toBe(shown);
  });

  it('serves the bytes to logged-in users only, as an attachment with nosniff', async () => {
    const owner = await h.user();
    // An unattached file is readable by its uploader and admins only (ownership.test.ts).
    const other = await h.user('admin');
    const data = pdf(300);
    const { body } = await upload(owner.headers, { filename: 'kết quả.pdf', type: 'application/pdf', data });
    const res = await h.app.inject({ url: `/api/files/${body.id}`, headers: other.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('kết quả.pdf'));
    expect(sha(res.rawPayload)).toBe(sha(data));
    expect((await h.app.inject({ url: `/api/files/${body.id}` })).statusCode).toBe(401);
    const meta = await h.app.inject({ url: `/api/files/${body.id}/metadata`, headers: other.headers });
    expect(meta.json()).toMatchObject({ id: body.id, kind: 'pdf', mimeType: 'application/pdf', size: 300 });
    expect(meta.json()).not.toHaveProperty('storageName');
    expect(
      (await h.app.inject({ url: `/api/files/${randomUUID()}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ url: '/api/files/nope', headers: other.headers })).statusCode).toBe(400);
  });

  it('lets the owner or an admin delete, nobody else', async () => {
    const owner = await h.user();
    const other = await h.user();
    const admin = await h.user('admin');
    const a = (await upload(owner.headers, { filename: 'a.png', type: 'image/png', data: PNG })).body;
    const b = (await upload(owner.headers, { filename: 'b.png', type: 'image/png', data: PNG })).body;
    const del = (id: string, headers: Record<string, string>) =>
      h.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers });
    expect((await del(a.id, other.headers)).statusCode).toBe(403);
    expect((await del(a.id, owner.headers)).statusCode).toBe(204);
    expect((await del(b.id, admin.headers)).statusCode).toBe(204);
    expect((await h.app.inject({ url: `/api/files/${a.id}`, headers: owner.headers })).statusCode).toBe(404);
    expect((await del(a.id, owner.headers)).statusCode).toBe(404);
    expect(storedNames()).toEqual([]);
  });
});
