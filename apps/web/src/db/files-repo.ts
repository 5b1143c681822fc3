/**
 * Documents kept on the device (store `fileBlobs`). The id is made here when the officer picks a
 * file and is referenced by the declaration at once, so a declaration made offline is complete;
 * the blob is uploaded later under the same id. A blob is never removed before the server has it.
 * Once uploaded it is kept (for viewing offline) only while a live local declaration names it
 * (testFileId, vaccinationCertFileId) or unsent work does: the files' sweep (file-sweep.ts) removes
 * it after a sync run or at start-up once its traveller was anonymised, erased, deleted or left the
 * device's scope, or its declaration names another file (docs/decisions/017-retention-and-rights.md).
 */
import type { UploadFileType } from '@bh/shared';
import { db as defaultDb, type FileBlobRecord, type PWADatabase } from './database.ts';
import type { StoredFileBlob } from './records.ts';
import { openFile, sealFile } from './sealing.ts';

/** A stored file, its sealed bytes opened (db/sealing.ts). */
async function opened(database: PWADatabase, stored: StoredFileBlob): Promise<FileBlobRecord> {
  if (!('sealed' in stored)) return stored;
  const { sealed, ...rest } = stored;
  return { ...rest, ...(await openFile(database, stored.id, sealed)) };
}

/** Keeps a picked file as a pending upload and returns its record (id = future server id). */
export async function saveFileBlob(
  file: Blob & { name?: string },
  fileType: UploadFileType,
  database: PWADatabase = defaultDb,
): Promise<FileBlobRecord> {
  const record: FileBlobRecord = {
    id: crypto.randomUUID(),
    blob: file,
    name: file.name ?? 'file',
    type: file.type,
    size: file.size,
    fileType,
    status: 'pending',
    createdAt: Date.now(),
  };
  // Sealed before the write: the bytes, the name and the type (db/sealing.ts).
  const sealed = await sealFile(database, record.id, file, record.name, record.type);
  if (sealed) {
    const { blob: _blob, name: _name, type: _type, ...rest } = record;
    await database.fileBlobs.add({ ...rest, sealed });
  } else await database.fileBlobs.add(record);
  return record;
}

export async function getFileBlob(
  id: string,
  database: PWADatabase = defaultDb,
): Promise<FileBlobRecord | null> {
  const stored = await database.fileBlobs.get(id);
  return stored ? opened(database, stored) : null;
}

/** Pending uploads, oldest first. */
export async function listPendingFileBlobs(database: PWADatabase = defaultDb): Promise<FileBlobRecord[]> {
  const stored = await database.fileBlobs.where('status').equals('pending').sortBy('createdAt');
  return Promise.all(stored.map((s) => opened(database, s)));
}

export async function markFileUploaded(id: string, database: PWADatabase = defaultDb): Promise<void> {
  await database.fileBlobs.update(id, { status: 'uploaded', serverId: id });
}

/**
 * Drops a picked file the officer removed or reset before submitting. Only a pending blob that
 * no local declaration references is removed; anything referenced stays until uploaded.
 */
export async function discardFileBlob(id: string, database: PWADatabase = defaultDb): Promise<boolean> {
  return database.transaction('rw', [database.fileBlobs, database.declarations], async () => {
    const blob = await database.fileBlobs.get(id);
    if (blob?.status !== 'pending') return false;
    const referenced = await database.declarations
      .filter((d) => d.testFileId === id || d.vaccinationCertFileId === id)
      .count();
    if (referenced > 0) return false;
    await database.fileBlobs.delete(id);
    return true;
  });
}
