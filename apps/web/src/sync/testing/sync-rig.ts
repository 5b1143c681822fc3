/**
 * Test rig: devices running the real client sync code (fake IndexedDB in Node) against the
 * real server (Fastify + PGlite, or PostgreSQL when DATABASE_URL is set), with switches to
 * lose replies, fail with an HTTP status, or go offline; and a clock the test moves.
 */
import type { ChangeRange, HeadStart, SyncTable } from '@bh/shared';
import type { FastifyInstance } from 'fastify';
import { PWADatabase } from '../../db/database.ts';
import { openRecord, setDatabaseKeys } from '../../db/sealing.ts';
import { keysFromRaw } from '../../lib/device-key.ts';
import { SyncEngine } from '../engine.ts';
import { type SyncTransport, syncRoutes, TransportError } from '../transport.ts';

/**
 * BH_SEALED=1: every device of the sync tests stores its records sealed (db/sealing.ts), one key
 * for all of them, so that the randomised and exactly-once tests run over sealed stores too.
 */
const SEALED_KEYS =
  process.env.BH_SEALED === '1' ? await keysFromRaw(crypto.getRandomValues(new Uint8Array(32))) : null;

interface Faults {
  offline: boolean;
  /** The next N pushes fail with `failStatus` before reaching the server. */
  failNext: number;
  failStatus: number;
  /** The next N pushes are applied by the server but their reply is lost. */
  dropReplyNext: number;
  /** The next N pull pages are fetched but lost before they are saved. */
  dropPullNext: number;
}

let dbCounter = 0;

class InjectTransport implements SyncTransport {
  faults: Faults = { offline: false, failNext: 0, failStatus: 503, dropReplyNext: 0, dropPullNext: 0 };
  /** The mutations of each push sent, in order (failed ones included). */
  pushSizes: number[] = [];
  get pushCalls() {
    return this.pushSizes.length;
  }
  /** `table:id` of every change the pulls brought, and the skip ranges each pull sent. */
  received: string[] = [];
  skips: (readonly ChangeRange[])[] = [];
  constructor(
    private app: () => FastifyInstance,
    private headers: () => Record<string, string>,
  ) {}

  private async call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
    if (this.faults.offline) throw new TransportError(0, 'network_error');
    const res = await this.app().inject({ method, url, headers: this.headers(), payload: payload as object });
    if (res.statusCode >= 400) {
      const retryAfter = res.headers['retry-after'];
      throw new TransportError(
        res.statusCode,
        res.json().error?.code ?? 'unknown_error',
        retryAfter ? Number(retryAfter) * 1000 : undefined,
      );
    }
    return res.json() as T;
  }

  private routes = syncRoutes(<T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
    this.call<T>(method, url, body),
  );

  push: SyncTransport['push'] = async (body) => {
    this.pushSizes.push(body.mutations.length);
    if (this.faults.failNext > 0) {
      this.faults.failNext--;
      if (this.faults.failStatus === 0) throw new TransportError(0, 'network_error');
      throw new TransportError(this.faults.failStatus, 'server_error');
    }
    const res = await this.routes.push(body);
    if (this.faults.dropReplyNext > 0) {
      this.faults.dropReplyNext--;
      throw new TransportError(0, 'network_error');
    }
    return res;
  };

  /** Each pull's head start (HeadStart: {} for none), in order. */
  heads: HeadStart[] = [];
  /** Runs before each pull reaches the server (a test writes elsewhere between pages). */
  beforePull: ((head: HeadStart) => Promise<void>) | null = null;

  pull: SyncTransport['pull'] = async (cursor, limit, skip, head) => {
    this.heads.push(head ?? {});
    await this.beforePull?.(head ?? {});
    const page = await this.routes.pull(cursor, limit, skip, head);
    this.skips.push(skip ?? []);
    for (const c of page.changes) this.received.push(`${c.table}:${String(c.record.id)}`);
    if (this.faults.dropPullNext > 0) {
      this.faults.dropPullNext--;
      throw new TransportError(0, 'network_error');
    }
    return page;
  };

  status: SyncTransport['status'] = () => this.routes.status();

  records: SyncTransport['records'] = (table, ids) => this.routes.records(table, ids);
}

export interface Device {
  name: string;
  db: PWADatabase;
  engine: SyncEngine;
  transport: InjectTransport;
  clock: { now: number };
}

export function makeDevice(
  name: string,
  app: () => FastifyInstance,
  headers: () => Record<string, string>,
  opts: {
    db?: PWADatabase;
    clientId?: string;
    clock?: { now: number };
    pushBatchSize?: number;
    pullPageSize?: number;
    foldAfterRun?: boolean;
  } = {},
): Device {
  const db = opts.db ?? new PWADatabase(`test-${name}-${++dbCounter}-${Date.now()}`);
  if (SEALED_KEYS) setDatabaseKeys(db, SEALED_KEYS);
  const transport = new InjectTransport(app, headers);
  const clock = opts.clock ?? { now: Date.now() };
  const clientId = opts.clientId ?? `device-${name}-${dbCounter}`;
  let seed = dbCounter * 7919;
  const engine = new SyncEngine({
    database: db,
    transport,
    clientId: async () => clientId,
    now: () => clock.now,
    random: () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    },
    isOnline: () => !transport.faults.offline,
    ...(opts.pushBatchSize ? { pushBatchSize: opts.pushBatchSize } : {}),
    ...(opts.pullPageSize ? { pullPageSize: opts.pullPageSize } : {}),
    ...(opts.foldAfterRun === false ? { foldAfterRun: false } : {}),
  });
  return { name, db, engine, transport, clock };
}

/** Syncs until the outbox is empty or nothing more can be sent; moves the clock past back-offs. */
export async function syncUntilQuiet(d: Device, maxRuns = 20) {
  for (let i = 0; i < maxRuns; i++) {
    await d.engine.sync();
    // The records as the officer sees them once the run's acknowledgements are folded.
    await d.engine.fold();
    const due = await d.engine.nextDue();
    if (due === null) return;
    d.clock.now = Math.max(d.clock.now, due) + 1;
  }
}

let travelersMade = 0;
const DAY_MS = 24 * 60 * 60 * 1000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/**
 * A valid traveller; each call entered two days before the previous one, so the server's duplicate
 * guard (one passport twice within a day) never refuses the many travellers a test makes, and no
 * entry date passes the rule's limit of a few days ahead (fixed dates counting forwards did, once
 * the calendar caught up with them).
 */
export const travelerInput = (over: Record<string, unknown> = {}) => ({
  fullName: 'Nguyễn Văn An',
  passportNo: 'B1234567',
  nationality: 'VN',
  entryDate: new Date(today - 2 * DAY_MS * travelersMade++).toISOString().slice(0, 10),
  status: 'pending',
  gender: 'male',
  ...over,
});

/** A stored record as the app reads it: its envelope opened when the device seals (BH_SEALED=1). */
export function opened<T extends { id: string }>(
  db: PWADatabase,
  table: SyncTable,
  record: T | undefined,
): Promise<T | undefined> {
  return record ? openRecord(db, table, record) : Promise.resolve(undefined);
}
