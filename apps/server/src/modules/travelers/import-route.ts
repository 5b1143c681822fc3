/**
 * POST /api/travelers/bulk-import: the upload is stored as it arrives, checked as a whole
 * (header, row count, encoding: refused with 400 before anything is written), then imported
 * chunk by chunk (import.ts). A client that sends `Accept: application/x-ndjson` follows the
 * import as it runs: one JSON object per line, `progress` after each chunk, then the `report`
 * (or an `error` when the import stopped; the chunks before it stay written and are reported
 * by their rows being registered). Without it the answer is the report, as JSON.
 */
import { PassThrough, Readable } from 'node:stream';
import {
  apiError,
  IMPORT_PROGRESS_MEDIA_TYPE,
  type ImportProgressLine,
  travelerImportReportSchema,
} from '@bh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, validationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { importTravelers, inspectCsv } from './import.ts';
import { badUpload, spoolUpload } from './upload.ts';

/** Largest CSV accepted by the import (about 100,000 rows). */
const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

/** The report as JSON, or (Accept: application/x-ndjson) the progress lines as a stream. */
export const importResponse = z.union([
  travelerImportReportSchema,
  z
    .custom<Readable>((value) => value instanceof Readable)
    .meta({
      description: 'application/x-ndjson: importProgressLineSchema objects, one per line',
    }),
]);

/** The CSV of the request as a stream: a text/csv body or the file of a multipart form. */
async function uploadOf(request: FastifyRequest): Promise<Readable> {
  if (request.isMultipart()) {
    // Busboy refuses a form without a boundary or with a broken one with a plain Error.
    const file = await request.file({ limits: { fileSize: IMPORT_BODY_LIMIT + 1 } }).catch(() => {
      throw badUpload();
    });
    if (!file) throw validationError([{ field: 'file', code: 'validation.required' }]);
    return file.file;
  }
  if (!(request.body instanceof Readable)) {
    throw new AppError('unsupported_media_type', 'Send the CSV as text/csv or multipart/form-data');
  }
  return request.body;
}

const line = (value: ImportProgressLine) => `${JSON.stringify(value)}\n`;

/** The answer to an error that happened after the progress stream had started. */
function errorLine(err: unknown): ImportProgressLine {
  if (err instanceof AppError) {
    const body = apiError(err.code, err.details, err.message);
    return { type: 'error', error: body.error };
  }
  return { type: 'error', error: apiError('server_error').error };
}

export async function runImport(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
) {
  const { kind } = app.ctx.database;
  const spooled = await spoolUpload(await uploadOf(request), IMPORT_BODY_LIMIT);
  let streaming = false;
  try {
    const shape = await inspectCsv(spooled.source);
    const ctx = {
      user,
      ip: request.ip,
      crossCheck: kind === 'postgres',
      onFinished: (stats: { chunks: number; longestChunkMs: number }) =>
        request.log.info({ ...stats, rows: shape.total }, 'traveller import written'),
    };
    if (!request.headers.accept?.includes(IMPORT_PROGRESS_MEDIA_TYPE)) {
      return await importTravelers(app.ctx.database, ctx, spooled.source, shape);
    }
    const out = new PassThrough();
    // A client that leaves does not stop the import (its rows are being written anyway; a new
    // import of the file reports them as duplicates); the lines are then dropped.
    out.on('error', () => {});
    const send = (value: ImportProgressLine, end = false) => {
      if (out.destroyed) return;
      if (end) out.end(line(value));
      else out.write(line(value));
    };
    streaming = true;
    send({ type: 'progress', processed: 0, total: shape.total });
    const onProgress = (processed: number, total: number) => send({ type: 'progress', processed, total });
    importTravelers(app.ctx.database, { ...ctx, onProgress }, spooled.source, shape)
      .then((report) => send({ type: 'report', report }, true))
      .catch((err: unknown) => {
        request.log.error({ err }, 'import failed');
        send(errorLine(err), true);
      })
      .finally(() => void spooled.remove());
    return (
      reply
        .header('Content-Type', `${IMPORT_PROGRESS_MEDIA_TYPE}; charset=utf-8`)
        .header('Cache-Control', 'no-store')
        // Proxies that buffer answers (nginx) would hold the progress lines back until the end.
        .header('X-Accel-Buffering', 'no')
        .send(out)
    );
  } finally {
    if (!streaming) await spooled.remove();
  }
}
