/**
 * The audit trail: who did what, when, from which address. Callers pass only identifiers and
 * field names in `details`: never a password, token or passport number (redactDetails strips
 * the obvious keys as a second line of defence).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { userOf } from '../../plugins/auth-guard.ts';

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

/** Anything that can insert: the database or an open transaction. */
type Executor = Pick<Db, 'insert'>;

const SECRET_KEY = /pass(word)?|token|secret|hash|cookie|authorization|passport/i;

/** Drops keys that could carry secrets or passport numbers, at any depth. */
export function redactDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDetails);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, redactDetails(v)]),
  );
}

export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    userId: entry.userId,
    ip: entry.ip,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    oldVersion: entry.oldVersion ?? null,
    newVersion: entry.newVersion ?? null,
    details: entry.details === undefined ? null : redactDetails(entry.details),
  });
}

/** Records what the logged-in user of `request` did, from the request's address. */
export async function writeRequestAudit(
  db: Executor,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'userId' | 'ip'>,
): Promise<void> {
  await writeAudit(db, { userId: userOf(request).id, ip: request.ip, ...entry });
}
