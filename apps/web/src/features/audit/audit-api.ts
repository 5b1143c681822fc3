/** Calls of the audit viewer: one keyset page, or the filtered trail as a CSV download. */
import type { AuditPage } from '@bh/shared';
import { api } from '../../lib/api.ts';
import { fileNameOf, readWithProgress, saveBlob } from '../../lib/download.ts';

export interface AuditFilters {
  userId: string;
  /** Reads (read.*), changes (the rest) or both (''). */
  kind: '' | 'read' | 'change';
  /** Entries made from one device (reads name theirs). */
  deviceId: string;
  /** A traveller's name or passport number (or their id). */
  traveler: string;
  action: string;
  /** Local date-times 'YYYY-MM-DDTHH:mm:ss' from the app's date field (device time); sent as instants. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  userId: '',
  kind: '',
  deviceId: '',
  traveler: '',
  action: '',
  from: '',
  to: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function queryOf(f: AuditFilters, extra: Record<string, string>) {
  const q = new URLSearchParams(extra);
  if (f.userId) q.set('userId', f.userId);
  if (f.kind) q.set('kind', f.kind);
  if (f.deviceId) q.set('deviceId', f.deviceId);
  const traveler = f.traveler.trim();
  if (traveler) q.set(UUID.test(traveler) ? 'travelerId' : 'traveler', traveler);
  if (f.action.trim()) q.set('action', f.action.trim());
  if (f.from) q.set('from', new Date(f.from).toISOString());
  if (f.to) q.set('to', new Date(f.to).toISOString());
  return q.toString();
}

export const fetchAuditPage = (f: AuditFilters, cursor: number | null) =>
  api.get<AuditPage>(`/api/audit?${queryOf(f, cursor ? { cursor: String(cursor) } : {})}`);

export async function downloadAuditCsv(f: AuditFilters, onProgress: (bytes: number) => void) {
  const res = await api.get<Response>(`/api/audit?${queryOf(f, { format: 'csv' })}`, { raw: true });
  saveBlob(
    await readWithProgress(res, (_c, bytes) => onProgress(bytes), 'text/csv;charset=utf-8'),
    fileNameOf(res, 'audit.csv'),
  );
}
