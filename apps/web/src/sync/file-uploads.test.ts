// @vitest-environment node
// Node environment: its Blob survives fake-indexeddb's structured clone (jsdom's does not).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PWADatabase } from '../db/database.ts';
import { getFileBlob, saveFileBlob } from '../db/files-repo.ts';
import { uploadPendingFiles } from './file-uploads.ts';

let database: PWADatabase;
beforeEach(() => {
  database = new PWADatabase(`uploads-${Math.random()}`);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await database.delete();
});

const pdf = (name: string) => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploadPendingFiles', () => {
  it('posts each pending blob as multipart under its device-made id and marks it uploaded, keeping the blob', async () => {
    const a = await saveFileBlob(pdf('a.pdf'), 'health_test_result', database);
    const b = await saveFileBlob(pdf('b.pdf'), 'vaccination_certificate', database);
    const seen: { id: string; fileType: string; name: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/api/files');
        expect(init.method).toBe('POST');
        const form = init.body;
        if (!(form instanceof FormData)) throw new Error('the upload is not multipart');
        const file = form.get('file');
        if (!(file instanceof File)) throw new Error('the upload has no file part');
        seen.push({ id: String(form.get('id')), fileType: String(form.get('file_type')), name: file.name });
        return json(201, { id: form.get('id') });
      }),
    );
    const report = await uploadPendingFiles(database);
    expect(report).toEqual({ uploaded: 2, refused: [], stopped: false });
    expect(seen).toEqual([
      { id: a.id, fileType: 'health_test_result', name: 'a.pdf' },
      { id: b.id, fileType: 'vaccination_certificate', name: 'b.pdf' },
    ]);
    expect(await getFileBlob(a.id, database)).toMatchObject({ status: 'uploaded' });
    expect((await getFileBlob(b.id, database))?.blob).toBeTruthy();
    // Nothing pending: a second run sends nothing.
    expect((await uploadPendingFiles(database)).uploaded).toBe(0);
  });

  it('offline: stops and keeps everything pending', async () => {
    const a = await saveFileBlob(pdf('a.pdf'), 'health_test_result', database);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const report = await uploadPendingFiles(database);
    expect(report.stopped).toBe(true);
    expect(await getFileBlob(a.id, database)).toMatchObject({ status: 'pending' });
  });

  it('a refused file stays pending and reported; the next one still goes', async () => {
    const bad = await saveFileBlob(pdf('bad.pdf'), 'health_test_result', database);
    const good = await saveFileBlob(pdf('good.pdf'), 'health_test_result', database);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        (init.body as FormData).get('id') === bad.id
          ? json(415, { error: { code: 'unsupported_media_type', message: 'x' } })
          : json(201, {}),
      ),
    );
    const report = await uploadPendingFiles(database);
    expect(report).toEqual({
      uploaded: 1,
      refused: [{ id: bad.id, code: 'unsupported_media_type' }],
      stopped: false,
    });
    expect(await getFileBlob(bad.id, database)).toMatchObject({ status: 'pending' });
    expect(await getFileBlob(good.id, database)).toMatchObject({ status: 'uploaded' });
  });
});
