/**
 * Contract of the audit viewer (GET /api/audit, admins): filters, keyset page and entries.
 * Pages run newest first; `nextCursor` is the id to continue after (null on the last page).
 */
import { z } from 'zod';
import { boundedText, isoDateTime, keyed, plainShape, uuid, whenValid } from '../schemas/common.ts';

/** Largest audit page. */
export const MAX_AUDIT_PAGE_SIZE = 200;

export const auditQuerySchema = plainShape({
  userId: uuid().optional(),
  /** A traveller: its own entries and those of its health declaration. */
  travelerId: uuid().optional(),
  /**
   * Travellers by name (any part, any case) or passport number: the entries of every traveller
   * found, of their declarations, timeline events and check-ins.
   */
  traveler: boundedText(100).optional(),
  /** An action ('traveler.update') or its prefix ('traveler', 'auth.login'). */
  action: boundedText(100).optional(),
  from: isoDateTime().optional(),
  to: isoDateTime().optional(),
  /** Id of the last entry of the previous page. */
  cursor: z.coerce
    .number('validation.invalid_type')
    .int('validation.integer')
    .min(1, 'validation.min_value')
    .optional(),
  limit: z.coerce
    .number('validation.invalid_type')
    .int('validation.integer')
    .min(1, 'validation.min_value')
    .max(MAX_AUDIT_PAGE_SIZE, 'validation.max_value')
    .default(50),
  format: z.enum(['json', 'csv'], 'validation.invalid_option').default('json'),
}).refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
  error: 'validation.date_range',
  path: ['to'],
  ...whenValid('from', 'to'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const values = z.record(z.string(), z.unknown(), keyed()).nullable();

export const auditEntrySchema = plainShape({
  id: z.number(keyed()).int('validation.integer'),
  at: isoDateTime(),
  userId: z.string(keyed()).nullable(),
  userName: z.string(keyed()).nullable(),
  ip: z.string(keyed()).nullable(),
  action: z.string(keyed()),
  entity: z.string(keyed()).nullable(),
  entityId: z.string(keyed()).nullable(),
  oldVersion: z.number(keyed()).int('validation.integer').nullable(),
  newVersion: z.number(keyed()).int('validation.integer').nullable(),
  /** The record before the change (kept for travellers and declarations), else null. */
  oldValues: values,
  /** The record as the change left it, when still known, else null. */
  newValues: values,
  /** Other details the action stored (client id, counts, ...). */
  details: values,
  /** The role of the user who acted (admin, officer), null for the system. */
  userRole: z.string(keyed()).nullable(),
  /**
   * The traveller the entry is about (the traveller, their declaration, a timeline event or a
   * check-in), when known: for a sentence a person reads.
   */
  traveler: plainShape({ id: z.string(keyed()), fullName: z.string(keyed()) }).nullable(),
  /** A timeline event's kind and the status it asked for (a status move), when the entry made one. */
  event: plainShape({ kind: z.string(keyed()), toStatus: z.string(keyed()).nullable() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = plainShape({
  items: z.array(auditEntrySchema, keyed()),
  nextCursor: z.number(keyed()).int('validation.integer').nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
