/** Counts for the sidebar: files kept on the device that still wait for upload. */
import { db as defaultDb, type PWADatabase } from './database.ts';

export function countPendingFiles(database: PWADatabase = defaultDb): Promise<number> {
  return database.fileBlobs.where('status').equals('pending').count();
}
