/** SQL of the files table (metadata only; the bytes live under DATA_DIR/files). */
import { randomUUID } from 'node:crypto';
import { FILE_KIND_MIME_TYPES, type FileKind, type UploadFileType } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface FileRow {
  id: string;
  ownerId: string | null;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
  storageName: string;
  fileType: string;
  createdAt: string;
  deletedAt: string | null;
}

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v ? new Date(String(v)).toISOString() : null;

function toRow(r: Record<string, unknown>): FileRow {
  return {
    id: String(r.id),
    ownerId: r.owner_id ? String(r.owner_id) : null,
    originalName: String(r.original_name),
    mimeType: String(r.mime_type),
    size: Number(r.size),
    sha256: String(r.sha256),
    storageName: String(r.storage_name),
    fileType: String(r.file_type),
    createdAt: iso(r.created_at) ?? '',
    deletedAt: iso(r.deleted_at),
  };
}

const kindOfMime = (mime: string): FileKind =>
  (Object.entries(FILE_KIND_MIME_TYPES).find(([, m]) => m === mime)?.[0] as FileKind | undefined) ?? 'pdf';

/** What the API shows of a file (never the storage name). */
export function toMetadata(row: FileRow) {
  return {
    id: row.id,
    fileType: row.fileType,
    kind: kindOfMime(row.mimeType),
    mimeType: row.mimeType,
    size: row.size,
    originalName: row.originalName,
    sha256: row.sha256,
    createdAt: row.createdAt,
  };
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  const res = await db.execute(sql`SELECT * FROM files WHERE id = ${id}::uuid`);
  const r = res.rows[0] as Record<string, unknown> | undefined;
  return r ? toRow(r) : null;
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
  const res = await db.execute(sql`INSERT INTO files
      (id, owner_id, original_name, mime_type, size, sha256, storage_name, file_type)
    VALUES (${id}::uuid, ${f.ownerId}::uuid, ${f.originalName}, ${FILE_KIND_MIME_TYPES[f.kind]}, ${f.size},
      ${f.sha256}, ${f.storageName}, ${f.fileType})
    ON CONFLICT (id) DO NOTHING RETURNING *`);
  const inserted = res.rows[0] as Record<string, unknown> | undefined;
  if (inserted) return { row: toRow(inserted), created: true };
  const existing = await findFile(db, id);
  if (!existing) throw new Error('file row vanished');
  return { row: existing, created: false };
}

export async function markDeleted(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE files SET deleted_at = now() WHERE id = ${id}::uuid AND deleted_at IS NULL`);
}
