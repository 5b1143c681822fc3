/**
 * The server's tables (drizzle pg-core). Synced tables (travelers, health_declarations,
 * system_status, traveler_events, check_ins) carry `version` (bumped on every write), `deleted_at` (tombstone) and
 * `change_seq` (from the one `change_seq` sequence: the pull cursor).
 * SQL must run on PGlite (PostgreSQL 18) and PostgreSQL 15+.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const changeSeq = pgSequence('change_seq');

/**
 * The bookkeeping every synced record table ends with: version, times, tombstone, pull cursor
 * and who wrote it. A function, so each table gets its own column builders.
 */
const syncedRecordColumns = () => ({
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
});

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    title: text('title'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Devices accounts signed in from (0019, api/devices.ts); revoked ones are refused. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The id the device keeps itself (localStorage on the web). */
    clientId: uuid('client_id').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** The device's data key, sealed with the server's escrow key (0023, auth/key-escrow.ts). */
    keyEscrow: text('key_escrow'),
  },
  (t) => [uniqueIndex('devices_user_client_uq').on(t.userId, t.clientId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    /** The post the session works at (chosen at sign-in, switched later; 0016). */
    postId: uuid('post_id'),
    /** The device the session was started on (0019); null for sessions older than devices. */
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_device_idx').on(t.deviceId),
  ],
);

export const accountRequests = pgTable(
  'account_requests',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by'),
    /** The post the account is asked for (0016). */
    postId: uuid('post_id'),
  },
  (t) => [index('account_requests_status_idx').on(t.status)],
);

/**
 * Points of entry (0016, docs/decisions/014-points-of-entry.md): airports, land crossings and
 * seaports, each in a province and with its own time zone. A closed post keeps its history.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    /** The post's name in each language of the app: { vi, en, ja }. */
    name: jsonb('name').notNull(),
    kind: text('kind').notNull(),
    province: text('province').notNull(),
    timeZone: text('time_zone').notNull(),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('posts_code_uq').on(t.code)],
);

/**
 * Who works where: an officer or supervisor at one post (post_id), an analyst over a province
 * (province) or the nation (both null). Admins are national by their account's role.
 */
export const postAssignments = pgTable(
  'post_assignments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id),
    province: text('province'),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_assignments_user_idx').on(t.userId)],
);

/**
 * A traveller that left a post (transfer): the post's devices pull it as a departure and drop
 * the traveller's records. change_seq comes from the one sequence, like every synced change.
 */
export const postDepartures = pgTable(
  'post_departures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id').notNull(),
    travelerId: uuid('traveler_id').notNull(),
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('post_departures_post_seq_idx').on(t.postId, t.changeSeq)],
);

export const travelers = pgTable(
  'travelers',
  {
    id: uuid('id').primaryKey(),
    fullName: text('full_name').notNull(),
    passportNo: text('passport_no').notNull(),
    nationality: text('nationality').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    flightNo: text('flight_no'),
    origin: text('origin'),
    destination: text('destination'),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    passportExpiry: date('passport_expiry', { mode: 'string' }),
    address: text('address'),
    occupation: text('occupation'),
    purposeOfVisit: text('purpose_of_visit'),
    durationOfStay: integer('duration_of_stay'),
    accommodation: text('accommodation'),
    emergencyContact: text('emergency_contact'),
    /** Set by the server when the traveller enters quarantine (schedule: one check-in a day). */
    quarantineStart: date('quarantine_start', { mode: 'string' }),
    quarantineDays: integer('quarantine_days'),
    /** The point of entry the traveller belongs to (0016); only a transfer changes it. */
    entryPostId: uuid('entry_post_id').notNull(),
    /**
     * The name as search compares it (0018; @bh/shared search-fold). The write path folds it in
     * TypeScript with every name it writes (write-path/tables.ts); a trigger folds it in SQL for
     * any other writer that changes the name without it (0026).
     */
    nameFolded: text('name_folded'),
    ...syncedRecordColumns(),
  },
  (t) => [
    index('travelers_change_seq_idx').on(t.changeSeq),
    // A post's devices pull its records only (0016).
    index('travelers_post_seq_idx').on(t.entryPostId, t.changeSeq),
    // One post's reports from the index alone (0017; the quarantine one also INCLUDEs the schedule).
    index('travelers_post_report_idx')
      .on(t.entryPostId, t.entryDate, t.status, t.nationality)
      .where(sql`deleted_at IS NULL`),
    index('travelers_post_quarantine_idx')
      .on(t.entryPostId, t.id)
      .where(sql`status = 'quarantine' AND deleted_at IS NULL`),
    // The entry date and the status alone have no index since 0029: every read of them asks for
    // live rows, which the partial indexes below serve.
    index('travelers_nationality_idx').on(t.nationality),
    // Reports: a month's arrivals by day, status and nationality from the index alone (0010).
    index('travelers_report_idx').on(t.entryDate, t.status, t.nationality).where(sql`deleted_at IS NULL`),
    // Reports: quarantine figures (status now, changed in a period) from the index alone (0010).
    index('travelers_status_updated_idx').on(t.status, t.updatedAt).where(sql`deleted_at IS NULL`),
    // Reports: the quarantined travellers' schedules from the index alone (0013, which also
    // INCLUDEs quarantine_start and quarantine_days).
    index('travelers_quarantine_idx').on(t.id).where(sql`status = 'quarantine' AND deleted_at IS NULL`),
  ],
);

export const healthDeclarations = pgTable(
  'health_declarations',
  {
    id: uuid('id').primaryKey(),
    travelerId: uuid('traveler_id').notNull(),
    fullName: text('full_name').notNull(),
    passportNumber: text('passport_number').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    bodyTemperature: doublePrecision('body_temperature').notNull(),
    vaccinationStatus: text('vaccination_status').notNull(),
    symptoms: jsonb('symptoms').notNull(),
    contactHistory: jsonb('contact_history').notNull(),
    riskZones: jsonb('risk_zones').notNull(),
    medications: text('medications'),
    allergies: text('allergies'),
    medicalHistory: text('medical_history'),
    testFileId: uuid('test_file_id'),
    vaccinationCertFileId: uuid('vaccination_cert_file_id'),
    commitment: boolean('commitment').notNull(),
    systemMode: text('system_mode').notNull(),
    riskScore: integer('risk_score').notNull(),
    riskLevel: text('risk_level').notNull(),
    riskFactors: jsonb('risk_factors').notNull(),
    ruleVersion: text('rule_version').notNull(),
    /** The traveller's post (server-kept, 0016): the pull of a post reads its rows by it. */
    postId: uuid('post_id'),
    ...syncedRecordColumns(),
  },
  (t) => [
    index('health_declarations_post_seq_idx').on(t.postId, t.changeSeq),
    // One post's reports (0017).
    index('health_declarations_post_report_idx')
      .on(t.postId, t.createdAt, t.riskLevel)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex('health_declarations_traveler_uq').on(t.travelerId),
    index('health_declarations_change_seq_idx').on(t.changeSeq),
    // Reports: declarations filed in a period by risk level, from the index alone (0010).
    index('health_declarations_report_idx').on(t.createdAt, t.riskLevel).where(sql`deleted_at IS NULL`),
  ],
);

/**
 * The traveller timeline: append-only. Devices write status_changed, test_result and note events;
 * the server fills fromStatus/actor and appends created, declared, check_in and file_attached.
 */
export const travelerEvents = pgTable(
  'traveler_events',
  {
    id: uuid('id').primaryKey(),
    travelerId: uuid('traveler_id').notNull(),
    kind: text('kind').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    toStatus: text('to_status'),
    reason: text('reason'),
    correction: boolean('correction'),
    testResult: text('test_result'),
    note: text('note'),
    fromStatus: text('from_status'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    details: jsonb('details'),
    /** consent: the privacy notice the traveller accepted (0025). */
    noticeVersion: text('notice_version'),
    /** The traveller's post (server-kept, 0016). */
    postId: uuid('post_id'),
    ...syncedRecordColumns(),
  },
  (t) => [
    index('traveler_events_post_seq_idx').on(t.postId, t.changeSeq),
    index('traveler_events_change_seq_idx').on(t.changeSeq),
    index('traveler_events_traveler_idx').on(t.travelerId, t.occurredAt),
    // At most one consent per traveller (0025; the write path refuses a second one first).
    uniqueIndex('traveler_events_consent_uq').on(t.travelerId).where(sql`kind = 'consent'`),
  ],
);

/** Quarantine check-ins (the officer is filled in by the server). */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    travelerId: uuid('traveler_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    checkedAt: ts('checked_at').notNull(),
    temperature: doublePrecision('temperature').notNull(),
    symptoms: jsonb('symptoms').notNull(),
    note: text('note'),
    officerId: uuid('officer_id'),
    officerName: text('officer_name'),
    /** The traveller's post (server-kept, 0016). */
    postId: uuid('post_id'),
    ...syncedRecordColumns(),
  },
  (t) => [
    index('check_ins_post_seq_idx').on(t.postId, t.changeSeq),
    index('check_ins_change_seq_idx').on(t.changeSeq),
    index('check_ins_traveler_idx').on(t.travelerId, t.date),
    // Reports: live check-ins of the quarantined travellers (0013).
    index('check_ins_live_idx').on(t.travelerId, t.date).where(sql`deleted_at IS NULL`),
  ],
);

export const files = pgTable('files', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id'),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  storageName: text('storage_name').notNull(),
  fileType: text('file_type').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const systemStatus = pgTable('system_status', {
  id: text('id').primaryKey(),
  mode: text('mode').notNull(),
  statusText: text('status_text'),
  /** Length of a quarantine in days (admin setting; null = the default, 14). */
  quarantineDays: integer('quarantine_days'),
  /** Days without reaching the server after which a device locks (admin setting; null = 14). */
  offlineLockDays: integer('offline_lock_days'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Web push messages waiting for delivery (modules/push/queue.ts), one row per subscription. */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    ttl: integer('ttl').notNull().default(86400),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('push_queue_due_idx').on(t.nextAttemptAt),
    index('push_queue_subscription_idx').on(t.subscriptionId),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    oldVersion: integer('old_version'),
    newVersion: integer('new_version'),
    details: jsonb('details'),
    /** The device a read was made on (reads audited, 0021); null for other entries. */
    deviceId: uuid('device_id'),
    /** The device's id of a read event: a resent batch stores it once (0021). */
    clientEventId: uuid('client_event_id'),
  },
  (t) => [
    // BRIN: rows come in time order, and the viewer's period filter needs no entry per row (0028).
    index('audit_events_at_idx').using('brin', t.at),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    // The audit viewer's "by user" filter, newest first with keyset paging (0010).
    index('audit_events_user_idx').on(t.userId, t.id),
    // Read events only (the others have no device event id, 0028).
    uniqueIndex('audit_events_client_event_uq')
      .on(t.clientEventId)
      .where(sql`${t.clientEventId} IS NOT NULL`),
    index('audit_events_device_idx').on(t.deviceId, t.id).where(sql`${t.deviceId} IS NOT NULL`),
  ],
);

export const syncClients = pgTable('sync_clients', {
  clientId: text('client_id').primaryKey(),
  userId: uuid('user_id'),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The results of a device's pushed mutations (exactly-once store): one row per push (or per part
 * of a push whose seqs lie far apart), holding the results of its seqs first_seq..last_seq (0015;
 * rows written before it hold one seq each).
 */
export const appliedMutations = pgTable(
  'applied_mutations',
  {
    clientId: text('client_id').notNull(),
    firstSeq: bigint('first_seq', { mode: 'number' }).notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    /** The PushResult of each seq stored, in seq order (the seqs in between that were not pushed have none). */
    results: jsonb('results').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.firstSeq] })],
);

/** Pre-arrival submissions (anonymous, by reference code), purged when they expire (72 h). */
export const preArrivals = pgTable(
  'pre_arrivals',
  {
    code: text('code').primaryKey(),
    submission: jsonb('submission').notNull(),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: uuid('used_by'),
    /** When the traveller consented to the privacy notice, and which notice (0020). */
    consentAt: ts('consent_at'),
    consentNoticeVersion: text('consent_notice_version'),
  },
  (t) => [index('pre_arrivals_expires_idx').on(t.expiresAt)],
);

/**
 * Privacy settings (0020, docs/decisions/017-retention-and-rights.md): one row (id 'current'),
 * absent until an admin saves it (the defaults of @bh/shared api/privacy.ts apply meanwhile).
 */
export const privacySettings = pgTable('privacy_settings', {
  id: text('id').primaryKey(),
  retentionMonths: integer('retention_months').notNull(),
  contact: text('contact').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * A traveller's privacy state (0020): a legal hold (who set it, when, why) stops retention and
 * erasure; anonymised_at is set once its personal data is gone. Not synced.
 */
export const travelerPrivacy = pgTable('traveler_privacy', {
  travelerId: uuid('traveler_id').primaryKey(),
  holdReason: text('hold_reason'),
  holdAt: ts('hold_at'),
  holdBy: uuid('hold_by'),
  anonymisedAt: ts('anonymised_at'),
});

/**
 * Rate-limit counters (plugins/rate-limit.ts): hits of one key in a fixed window ending at
 * reset_at. Shared by every server instance on the database; expired rows are swept now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
