/**
 * Uploaded documents (test and vaccination certificates).
 * POST /api/files: multipart `file` + `file_type` (+ optional `id`, the UUID the device made when
 * the officer picked the file; the same id with the same bytes returns the stored file, so a
 * retried upload has no second effect). Files are served only to logged-in users, as attachments.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  checkUploadFile,
  FILE_KIND_MIME_TYPES,
  fileMetadataSchema,
  MAX_UPLOAD_BYTES,
  stripNameControls,
  UPLOAD_FILE_TYPES,
} from '@bh/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound, validationError } from '../../lib/errors.ts';
import { errorResponses, storingErrorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { writeRequestAudit } from '../audit/audit.ts';
import { canReadFile } from './attachments.ts';
import { removeStored, type StoredFile, storedPath, storeUpload, unsupported } from './storage.ts';
import { findFile, insertFile, markDeleted, toMetadata } from './store.ts';

const idParams = z.object({ id: z.uuid('validation.invalid_id') });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tags = ['files'];
const security = BEARER;
/** The stored bytes: one of the accepted kinds, sent as an attachment. */
const fileBytes = z.string().meta({ format: 'binary' });
const downloadResponse = {
  description: 'The stored bytes, as an attachment',
  content: Object.fromEntries(
    Object.values(FILE_KIND_MIME_TYPES).map((mime) => [mime, { schema: fileBytes }]),
  ),
};

/** File names are shown back to users: keep a plain base name without control characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control and bidi characters go as in every stored text: a right-to-left override would show
  // "cert\u202Efdp.exe" as "certexe.pdf" in the download dialog. NUL and quotes go too.
  const plain = stripNameControls(base).replaceAll('\u0000', '').replaceAll('"', '').trim();
  return (plain || 'file').slice(0, 255);
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;

  // Multipart only inside this module's own scope.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      // One byte past the limit is enough to know it is too large: busboy stops there.
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 3, fields: 10, fieldSize: 1024, parts: 13 },
    });

    scope.post(
      '/api/files',
      {
        onRequest: scope.requireAuth,
        schema: {
          tags,
          security,
          summary: 'Upload a certificate (multipart: file, file_type, optional device-made id)',
          description:
            'A retried upload with the same id and the same bytes answers 200 with the stored file; ' +
            'the same id with other bytes is a 409.',
          consumes: ['multipart/form-data'],
          response: {
            200: fileMetadataSchema,
            201: fileMetadataSchema,
            ...storingErrorResponses(),
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupported();
        const fields: Record<string, string> = {};
        let stored: (StoredFile & { originalName: string }) | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              fields[part.fieldname] = String(part.value);
              continue;
            }
            if (part.fieldname !== 'file' || stored) {
              // Only the first file is used; the others are skipped unread.
              part.file.resume();
              continue;
            }
            const reported = checkUploadFile({ name: part.filename, type: part.mimetype, size: 1 });
            if (!reported.ok) throw unsupported(reported.error);
            const saved = await storeUpload(config.dataDir, part.file);
            stored = { ...saved, originalName: cleanName(part.filename) };
          }
          if (!stored) throw validationError([{ field: 'file', code: 'validation.required' }]);
          const fileType = UPLOAD_FILE_TYPES.find((t) => t === fields.file_type);
          if (!fileType) {
            throw validationError([{ field: 'file_type', code: 'validation.invalid_option' }]);
          }
          const requestedId = fields.id?.trim() || undefined;
          if (requestedId !== undefined && !UUID.test(requestedId)) {
            throw validationError([{ field: 'id', code: 'validation.invalid_id' }]);
          }
          const { row, created } = await insertFile(db, {
            id: requestedId,
            ownerId: userOf(request).id,
            fileType,
            ...stored,
          });
          if (!created) {
            await removeStored(config.dataDir, stored.storageName);
            // Another user's id is a conflict too: its metadata is not theirs to see.
            if (row.sha256 !== stored.sha256 || row.deletedAt || row.ownerId !== userOf(request).id) {
              throw new AppError('conflict', 'Data conflict', [{ field: 'id', code: 'conflict' }]);
            }
            return reply.status(200).send(toMetadata(row));
          }
          await writeRequestAudit(db, request, {
            action: 'file.upload',
            entity: 'file',
            entityId: row.id,
            details: { fileType, kind: stored.kind, size: stored.size },
          });
          return reply.status(201).send(toMetadata(row));
        } catch (err) {
          if (stored) await removeStored(config.dataDir, stored.storageName).catch(() => undefined);
          throw err;
        }
      },
    );
  });

  app.get(
    '/api/files/:id/metadata',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Metadata of an uploaded file',
        params: idParams,
        response: {
          200: fileMetadataSchema,
          ...errorResponses('validation_error', 'unauthorized', 'not_found'),
        },
      },
    },
    async (request) => {
      const row = await findFile(db, request.params.id);
      // A file the user may not read answers as absent: its existence is not revealed either.
      if (!row || row.deletedAt || !(await canReadFile(db, userOf(request), row))) throw notFound();
      return toMetadata(row);
    },
  );

  app.get(
    '/api/files/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Download the bytes of an uploaded file',
        params: idParams,
        response: {
          200: downloadResponse,
          ...errorResponses('validation_error', 'unauthorized', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const row = await findFile(db, request.params.id);
      // A file the user may not read answers as absent: its existence is not revealed either.
      if (!row || row.deletedAt || !(await canReadFile(db, userOf(request), row))) throw notFound();
      const file = storedPath(config.dataDir, row.storageName);
      const info = await stat(file).catch(() => null);
      if (!info) throw notFound();
      // Cleaned again: a name stored before its controls were stripped must not reach the dialog.
      const encoded = encodeURIComponent(cleanName(row.originalName));
      return reply
        .type(row.mimeType)
        .header('Content-Length', String(info.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="file"; filename*=UTF-8''${encoded}`)
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  app.delete(
    '/api/files/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete an uploaded file (its uploader or an admin)',
        params: idParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const row = await findFile(db, request.params.id);
      if (!row || row.deletedAt) throw notFound();
      if (user.role !== 'admin' && row.ownerId !== user.id) throw forbidden();
      await markDeleted(db, row.id);
      await removeStored(config.dataDir, row.storageName);
      await writeRequestAudit(db, request, {
        action: 'file.delete',
        entity: 'file',
        entityId: row.id,
      });
      return reply.status(204).send(null);
    },
  );
};
