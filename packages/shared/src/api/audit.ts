/**
 * Contract of the audit viewer (GET /api/audit, admins): filters, keyset page and entries.
 * Pages run newest first; `nextCursor` is the id to continue after (null on the last page).
 */
import { z } from 'zod';
import {
  boundedText,
  intBetween,
  isoDateTime,
  keyed,
  oneOf,
  plainShape,
  strictShape,
  uuid,
  whenValid,
} from '../schemas/common.ts';

/** Largest audit page. */
export const MAX_AUDIT_PAGE_SIZE = 200;

/**
 * Reads audited (issue 33 point 5): what an officer opened of a traveller. Each is an audit entry
 * `read.<what>` about the traveller, made on the device and sent in batches
 * (POST /api/audit/reads); the device's event id makes a resent batch land once.
 */
export const READ_VIEWS = ['declaration', 'file'] as const;
export type ReadView = (typeof READ_VIEWS)[number];
/** The audit action of a read ('read.declaration', 'read.file'); every read's action starts so. */
export const READ_ACTION_PREFIX = 'read';
/** Most read events one batch carries. */
export const MAX_READ_BATCH = 200;

export const readEventSchema = plainShape({
  /** The device's id of the event (a time-ordered UUID): resent, it is stored once. */
  id: uuid(),
  travelerId: uuid(),
  viewed: oneOf(READ_VIEWS),
  /** The file opened (viewed: file). */
  fileId: uuid().optional(),
  /** When it was opened, by the device's clock (a time in the future is stored as the arrival). */
  at: isoDateTime(),
});
export type ReadEvent = z.infer<typeof readEventSchema>;

/** Body of POST /api/audit/reads. */
export const readBatchSchema = strictShape({
  events: z
    .array(readEventSchema, keyed())
    .min(1, 'validation.required')
    .max(MAX_READ_BATCH, 'validation.too_many_items'),
});
export type ReadBatch = z.infer<typeof readBatchSchema>;

/** Answer of POST /api/audit/reads: how many were new and how many had been stored before. */
export const readBatchAnswerSchema = plainShape({
  stored: intBetween(0, MAX_READ_BATCH),
  duplicates: intBetween(0, MAX_READ_BATCH),
});
export type ReadBatchAnswer = z.infer<typeof readBatchAnswerSchema>;

/** The viewer's "what" filter: reads (read.*) or changes (every other entry). */
export const AUDIT_KINDS = ['read', 'change'] as const;

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
  /** Reads only (read.*) or changes only (every other entry). */
  kind: oneOf(AUDIT_KINDS).optional(),
  /** Entries made from one device (reads name theirs). */
  deviceId: uuid().optional(),
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
  /** The device a read was made on (its id and label), null for other entries. */
  device: plainShape({ id: z.string(keyed()), label: z.string(keyed()) }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = plainShape({
  items: z.array(auditEntrySchema, keyed()),
  nextCursor: z.number(keyed()).int('validation.integer').nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
