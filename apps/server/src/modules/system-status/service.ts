/**
 * The system status as the API shows it: the synced record (id 'current', mode, statusText,
 * version, updatedAt) plus figures computed from real data at read time.
 */
import { SYSTEM_STATUS_ID } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { fetchRecord } from '../sync/records.ts';
import { SYSTEM_STATUS } from '../sync/tables.ts';

/** A session counts as active when it was opened or refreshed within this window. */
export const ACTIVE_SESSION_WINDOW_MINUTES = 15;

export interface SystemFigures {
  activeUsers: number;
  todayEntries: number;
  pendingCases: number;
  quarantineCases: number;
  /** Seconds since this server process started (a percentage would need outage history we do not keep). */
  systemUptimeSeconds: number;
  /** When these figures were computed. */
  lastUpdateTime: string;
}

/** Today's calendar date on the server, YYYY-MM-DD (local time, not UTC). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export async function computeFigures(db: Db, today: string, startedAt: Date): Promise<SystemFigures> {
  const window = `${ACTIVE_SESSION_WINDOW_MINUTES} minutes`;
  const res = await db.execute(sql`SELECT
    (SELECT COUNT(DISTINCT s.user_id) FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.revoked_at IS NULL AND s.expires_at > now()
        AND COALESCE(s.used_at, s.created_at) > now() - ${window}::interval) AS active_users,
    (SELECT COUNT(*) FROM travelers WHERE deleted_at IS NULL AND entry_date = ${today}::date) AS today_entries,
    (SELECT COUNT(*) FROM travelers WHERE deleted_at IS NULL AND status = 'pending') AS pending_cases,
    (SELECT COUNT(*) FROM travelers WHERE deleted_at IS NULL AND status = 'quarantine') AS quarantine_cases`);
  const row = res.rows[0] as Record<string, unknown>;
  return {
    activeUsers: Number(row.active_users),
    todayEntries: Number(row.today_entries),
    pendingCases: Number(row.pending_cases),
    quarantineCases: Number(row.quarantine_cases),
    systemUptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
    lastUpdateTime: new Date().toISOString(),
  };
}

/** The synced record (the shape pull sends; the web app keeps it locally under id 'current'). */
export interface StatusRecord {
  id: string;
  mode: string;
  statusText: string;
  version: number;
  updatedAt: string;
}

export async function readStatusRecord(db: Db): Promise<StatusRecord> {
  const record = await fetchRecord(db, SYSTEM_STATUS, SYSTEM_STATUS_ID);
  if (!record) throw notFound();
  return {
    id: String(record.id),
    mode: String(record.mode),
    statusText: typeof record.statusText === 'string' ? record.statusText : '',
    version: Number(record.version),
    updatedAt: String(record.updatedAt),
  };
}

export async function readSystemStatus(db: Db, today: string, startedAt: Date) {
  const [record, figures] = await Promise.all([readStatusRecord(db), computeFigures(db, today, startedAt)]);
  return { ...record, ...figures };
}
