/** The files table (metadata only; the bytes live under DATA_DIR/files). */
import { randomUUID } from 'node:crypto';
import {
  FILE_KIND_MIME_TYPES,
  FILE_KINDS,
  type FileKind,
  type FileMetadata,
  fileMetadataSchema,
  type UploadFileType,
} from '@bh/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;

const kindOfMime = (mime: string): FileKind =>
  FILE_KINDS.find((k) => FILE_KIND_MIME_TYPES[k] === mime) ?? 'pdf';

/** What the API shows of a file (never the storage name), checked against the shared schema. */
export function toMetadata(row: FileRow): FileMetadata {
  return fileMetadataSchema.parse({
    id: row.id,
    fileType: row.fileType,
    kind: kindOfMime(row.mimeType),
    mimeType: row.mimeType,
    size: row.size,
    originalName: row.originalName,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  });
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/**
 * Inserts a file row. When the id already exists nothing is written and the existing row is
 * returned with created = false (the caller decides: same bytes = same upload, else conflict).
 */
export async function insertFile(
  db: Db,
  f: {
    id?: string;
    ownerId: string;
    fileType: UploadFileType;
    originalName: string;
    kind: FileKind;
    size: number;
    sha256: string;
    storageName: string;
  },
): Promise<{ row: FileRow; created: boolean }> {
  const id = f.id ?? randomUUID();
  const [inserted] = await db
    .insert(files)
    .values({
      id,
      ownerId: f.ownerId,
      originalName: f.originalName,
      mimeType: FILE_KIND_MIME_TYPES[f.kind],
      size: f.size,
      sha256: f.sha256,
      storageName: f.storageName,
      fileType: f.fileType,
    })
    .onConflictDoNothing({ target: files.id })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findFile(db, id);
  if (!existing) throw new Error('file row vanished');
  return { row: existing, created: false };
}

export async function markDeleted(db: Db, id: string): Promise<void> {
  await db
    .update(files)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
}
