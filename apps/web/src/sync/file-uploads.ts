/**
 * Uploads the documents kept on the device. The sync engine calls `uploadPendingFiles` before
 * each push. Each blob goes to POST /api/files under the id the device made, so a retry after a
 * lost answer returns the stored file instead of a second copy; a blob is marked uploaded only
 * after the server answered with it, and is kept (for viewing offline) afterwards.
 */
import { db as defaultDb, type PWADatabase } from '../db/database.ts';
import { listPendingFileBlobs, markFileUploaded } from '../db/files-repo.ts';
import { ApiError, api } from '../lib/api.ts';

export interface FileUploadReport {
  uploaded: number;
  /** Refused by the server (too large, wrong type, id taken): kept, reported, not retried in this run. */
  refused: { id: string; code: string }[];
  /** Stopped early: offline, time-out, logged out or server error; the rest waits for the next run. */
  stopped: boolean;
}

const RETRY_LATER = (err: ApiError) =>
  err.isNetwork || err.status === 401 || err.status === 429 || err.status >= 500;

export async function uploadPendingFiles(database: PWADatabase = defaultDb): Promise<FileUploadReport> {
  const report: FileUploadReport = { uploaded: 0, refused: [], stopped: false };
  for (const blob of await listPendingFileBlobs(database)) {
    const form = new FormData();
    // Fields before the file, so the server knows them before the bytes arrive.
    form.append('file_type', blob.fileType);
    form.append('id', blob.id);
    form.append('file', blob.blob, blob.name);
    try {
      await api.post('/api/files', form, { timeoutMs: 120_000 });
      await markFileUploaded(blob.id, database);
      report.uploaded += 1;
    } catch (err) {
      if (err instanceof ApiError && !RETRY_LATER(err)) {
        report.refused.push({ id: blob.id, code: err.code });
        continue;
      }
      report.stopped = true;
      break;
    }
  }
  return report;
}
