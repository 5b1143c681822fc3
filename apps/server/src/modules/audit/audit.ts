/**
 * The audit trail: who did what, when, from which address. Callers pass only identifiers and
 * field names in `details`: never a password, token or passport number (redactDetails strips
 * the obvious keys as a second line of defence).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface AuditEntry {
  userId: string | null;
  ip: string | null;
  /** Dotted verb, e.g. 'auth.login.success', 'user.update', 'access.denied'. */
  action: string;
  entity?: string;
  entityId?: string;
  oldVersion?: number;
  newVersion?: number;
  details?: Record<string, unknown>;
}

/** Anything that can run SQL: the database or an open transaction. */
type Executor = Pick<Db, 'execute'>;

const SECRET_KEY = /pass(word)?|token|secret|hash|cookie|authorization|passport/i;

/** Drops keys that could carry secrets or passport numbers, at any depth. */
export function redactDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDetails);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, redactDetails(v)]),
  );
}

export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  const details = entry.details === undefined ? null : JSON.stringify(redactDetails(entry.details));
  await db.execute(sql`INSERT INTO audit_events
      (user_id, ip, action, entity, entity_id, old_version, new_version, details)
    VALUES (${entry.userId}, ${entry.ip}, ${entry.action}, ${entry.entity ?? null},
      ${entry.entityId ?? null}, ${entry.oldVersion ?? null}, ${entry.newVersion ?? null},
      ${details}::jsonb)`);
}
