/**
 * The system status as the API shows it: the synced record (id 'current', mode, statusText,
 * version, updatedAt) plus figures computed from real data at read time.
 */
import {
  DEFAULT_OFFLINE_LOCK_DAYS,
  DEFAULT_QUARANTINE_DAYS,
  SYSTEM_MODES,
  SYSTEM_STATUS_ID,
  type SystemMode,
  type SystemStatusAnswer,
} from '@bh/shared';
import { and, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, systemStatus, travelers, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/** A session counts as active when it was opened or refreshed within this window. */
const ACTIVE_SESSION_WINDOW_MINUTES = 15;

type SystemFigures = Omit<SystemStatusAnswer, keyof StatusRecord>;

/** Today's calendar date on the server, YYYY-MM-DD (local time, not UTC). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** count(*) of the rows matching `filter`, as a number. */
const countWhere = (filter: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${filter})`.mapWith(Number);

async function computeFigures(db: Db, today: string, startedAt: Date): Promise<SystemFigures> {
  const window = `${ACTIVE_SESSION_WINDOW_MINUTES} minutes`;
  const [[active], [cases]] = await Promise.all([
    db
      .select({ users: countDistinct(sessions.userId) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sql`coalesce(${sessions.usedAt}, ${sessions.createdAt})`, sql`now() - ${window}::interval`),
        ),
      ),
    db
      .select({
        today: countWhere(sql`${travelers.entryDate} = ${today}::date`),
        pending: countWhere(sql`${travelers.status} = 'pending'`),
        quarantine: countWhere(sql`${travelers.status} = 'quarantine'`),
      })
      .from(travelers)
      .where(isNull(travelers.deletedAt)),
  ]);
  return {
    activeUsers: active?.users ?? 0,
    todayEntries: cases?.today ?? 0,
    pendingCases: cases?.pending ?? 0,
    quarantineCases: cases?.quarantine ?? 0,
    systemUptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
    lastUpdateTime: new Date().toISOString(),
  };
}

/** The synced record (the shape pull sends; the web app keeps it locally under id 'current'). */
interface StatusRecord {
  id: typeof SYSTEM_STATUS_ID;
  mode: SystemMode;
  statusText: string;
  /** Length of a quarantine (null in the table = the default). */
  quarantineDays: number;
  /** Days without reaching the server after which a device locks (null in the table = the default). */
  offlineLockDays: number;
  version: number;
  updatedAt: string;
}

export async function readStatusRecord(db: Db): Promise<StatusRecord> {
  const [row] = await db.select().from(systemStatus).where(eq(systemStatus.id, SYSTEM_STATUS_ID));
  if (!row) throw notFound();
  return {
    id: SYSTEM_STATUS_ID,
    // Writes go through the sync contract, which accepts only these modes.
    mode: SYSTEM_MODES.find((m) => m === row.mode) ?? 'pandemic',
    statusText: row.statusText ?? '',
    quarantineDays: row.quarantineDays ?? DEFAULT_QUARANTINE_DAYS,
    offlineLockDays: row.offlineLockDays ?? DEFAULT_OFFLINE_LOCK_DAYS,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The N of "a device that has not reached the server for N days locks" (the setting or the default). */
export async function readOfflineLockDays(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db
    .select({ days: systemStatus.offlineLockDays })
    .from(systemStatus)
    .where(eq(systemStatus.id, SYSTEM_STATUS_ID));
  return row?.days ?? DEFAULT_OFFLINE_LOCK_DAYS;
}

export async function readSystemStatus(db: Db, today: string, startedAt: Date): Promise<SystemStatusAnswer> {
  const [record, figures] = await Promise.all([readStatusRecord(db), computeFigures(db, today, startedAt)]);
  return { ...record, ...figures };
}
