/**
 * The uploaded CSV goes to a temporary file as it arrives (never whole in memory), counting its
 * bytes against the import's limit; the import then reads it as UTF-8 text, twice (inspectCsv,
 * importTravelers). Bytes that are not UTF-8 (a file saved as Latin-1 or Windows-1258) are
 * refused with a clear error instead of being imported as garbled names.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, validationError } from '../../lib/errors.ts';
import type { CsvSource } from './import.ts';

interface SpooledCsv {
  source: CsvSource;
  /** Deletes the temporary file. */
  remove(): Promise<void>;
}

/** The body is not a readable upload: broken multipart, cut short. */
export const badUpload = () =>
  validationError([{ field: 'file', code: 'travelers.import.badUpload' }], 'The upload could not be read');

const tooLarge = (limit: number) =>
  new AppError('payload_too_large', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB`);

/** Copies the upload to a temporary file; refuses it (413) past `limit` bytes. */
export async function spoolUpload(upload: Readable, limit: number): Promise<SpooledCsv> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bh-import-'));
  const file = path.join(dir, 'upload.csv');
  const remove = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;

  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limit ? tooLarge(limit) : null, chunk);
    },
  });
  try {
    await pipeline(upload, counter, createWriteStream(file));
  } catch (err) {
    await remove();
    // A file-system error (disk full...) is the server's; any other one comes from the upload
    // itself (a broken multipart body, a client gone) and is the client's.
    const systemError = typeof err === 'object' && err !== null && 'syscall' in err;
    if (err instanceof AppError || systemError) throw err;
    throw badUpload();
  }
  return { source: () => readUtf8(file), remove };
}

async function* readUtf8(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      if (chunk instanceof Buffer) yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) {
      throw validationError([{ code: 'travelers.import.encoding' }], 'The CSV is not UTF-8 text');
    }
    throw err;
  }
}
