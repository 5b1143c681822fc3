/** Multipart bodies, file uploads and CSV imports as the API tests send them (POST /api/files, bulk import). */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Harness } from './harness.ts';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
/** A minimal PDF of `size` bytes. */
export const pdf = (size = 64) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export function multipart(parts: Part[]) {
  const boundary = `----bh${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'data' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one file through the real route; answers its status, JSON body and headers. */
export async function uploadFile(
  h: Harness,
  headers: Record<string, string>,
  file: { filename: string; type: string; data: Buffer },
  fields: Record<string, string> = { file_type: 'health_test_result' },
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', ...file },
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Empties the database and the stored files: the state each upload test starts from. */
export async function resetWithFiles(h: Harness) {
  await h.reset();
  rmSync(path.join(h.dataDir, 'files'), { recursive: true, force: true });
}

/** Sends `payload` to POST /api/travelers/bulk-import as `contentType` (CSV text unless told). */
export function postImport(
  h: Pick<Harness, 'app'>,
  headers: Record<string, string>,
  payload: string | Buffer,
  contentType = 'text/csv',
) {
  return h.app.inject({
    method: 'POST',
    url: '/api/travelers/bulk-import',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}
