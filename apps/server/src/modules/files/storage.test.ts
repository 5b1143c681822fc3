import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { storeUpload } from './storage.ts';

describe('storeUpload', () => {
  it('leaves no file behind when the first bytes are refused (the file is opened asynchronously)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-files-'));
    // A long foreign start fails on its first chunk; a short one (below the longest signature,
    // the fuzz test's case) fails when the stream ends.
    for (const bytes of ['not a png, not a jpeg, not a pdf', '\xC2\x89PNG\r\n\x1a\n0123']) {
      for (let i = 0; i < 50; i++) {
        const source = Readable.from([Buffer.from(bytes, 'latin1')]);
        await expect(storeUpload(dataDir, source)).rejects.toMatchObject({ code: 'unsupported_media_type' });
      }
    }
    expect(readdirSync(path.join(dataDir, 'files'))).toEqual([]);
  });
});
