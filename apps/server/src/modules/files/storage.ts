/**
 * Writes one uploaded file stream to DATA_DIR/files under a server-made name while hashing it.
 * The size limit and the magic bytes are checked while the bytes flow, so an oversized or
 * disguised upload is refused as soon as it is detected, without reading the rest.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { detectFileKind, type FileKind, MAGIC_BYTES_LENGTH, MAX_UPLOAD_BYTES } from '@bh/shared';
import { AppError } from '../../lib/errors.ts';

const TOO_LARGE_MESSAGE = 'File(s) too large. Maximum size: 5MB';
const UNSUPPORTED_MESSAGE = 'Only PNG, JPG and PDF files are allowed';

const tooLarge = () =>
  new AppError('payload_too_large', TOO_LARGE_MESSAGE, [{ field: 'file', code: 'files.errors.tooLarge' }], {
    // The rest of the body is not read: tell the client the connection ends with this answer.
    connection: 'close',
  });

export const unsupported = (code = 'files.errors.unsupportedType') =>
  new AppError('unsupported_media_type', UNSUPPORTED_MESSAGE, [{ field: 'file', code }], {
    connection: 'close',
  });

export interface StoredFile {
  storageName: string;
  size: number;
  sha256: string;
  kind: FileKind;
}

/** Counts, hashes and sniffs the bytes; fails the stream at the first byte past the limit. */
class UploadGuard extends Transform {
  size = 0;
  kind: FileKind | null = null;
  private head = Buffer.alloc(0);
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > MAX_UPLOAD_BYTES) return done(tooLarge());
    if (this.kind === null && this.head.length < MAGIC_BYTES_LENGTH) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, MAGIC_BYTES_LENGTH - this.head.length)]);
      if (this.head.length >= MAGIC_BYTES_LENGTH) {
        this.kind = detectFileKind(this.head);
        if (!this.kind) return done(unsupported('files.errors.contentMismatch'));
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.size === 0)
      return done(
        new AppError('validation_error', 'The file is empty', [
          { field: 'file', code: 'files.errors.empty' },
        ]),
      );
    // Shorter than the longest signature: decide on what there is.
    this.kind ??= detectFileKind(this.head);
    if (!this.kind) return done(unsupported('files.errors.contentMismatch'));
    done();
  }

  digest() {
    return this.hash.digest('hex');
  }
}

const filesDir = (dataDir: string) => path.join(dataDir, 'files');

/** Streams the upload into a new file; removes the partial file on any failure. */
export async function storeUpload(dataDir: string, source: NodeJS.ReadableStream): Promise<StoredFile> {
  const dir = filesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageName = `${randomUUID()}.bin`;
  const partial = path.join(dir, `${storageName}.part`);
  const guard = new UploadGuard();
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, guard, out);
    // _flush fails the stream when no kind was found, so a finished pipeline always has one.
    const kind = guard.kind;
    if (!kind) throw unsupported('files.errors.contentMismatch');
    await rename(partial, path.join(dir, storageName));
    return { storageName, size: guard.size, sha256: guard.digest(), kind };
  } catch (err) {
    // The write stream opens its file asynchronously: a refusal in the first bytes can come
    // before the file exists. Wait until the stream is closed, or the partial file would be
    // created after its removal and stay behind (the route fuzz test found one).
    if (!out.closed) {
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      out.destroy();
      await closed;
    }
    await rm(partial, { force: true });
    throw err;
  }
}

/** Path of a stored file; the name comes from the database, never from the request. */
export function storedPath(dataDir: string, storageName: string): string {
  return path.join(filesDir(dataDir), path.basename(storageName));
}

export async function removeStored(dataDir: string, storageName: string): Promise<void> {
  await rm(storedPath(dataDir, storageName), { force: true });
}
