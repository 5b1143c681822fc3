/**
 * Restore drill (issue 36, item 4): back up, devices write more, the older backup is restored,
 * another device writes on the restored server, and the devices that wrote after the backup
 * find out that the server went back (a restore gives the database a new epoch;
 * docs/decisions/003-epoch-detection.md) and send again what they hold: nothing is lost, nothing
 * is there twice, every device ends equal to the server. For the embedded database (copied by the
 * running server) and for PostgreSQL (pg_dump / pg_restore, in the PostgreSQL pass).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ChangeRange,
  pullResponseSchema,
  pushResponseSchema,
  serverWentBack,
  syncStatusResponseSchema,
} from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { signJwt } from '../lib/jwt.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';

const url = process.env.DATABASE_URL;
const SECRET = 'restore-drill-secret-restore-drill-secret-0123';
const POST_ID = randomUUID();
let passportCount = 0;
const FIELDS = ['fullName', 'passportNo', 'nationality', 'entryDate', 'status', 'gender', 'entryPostId'];

interface Create {
  seq: number;
  table: 'travelers';
  op: 'create';
  id: string;
  baseVersion: null;
  data: Record<string, unknown>;
}

/** A device as the web app syncs (apps/web/src/sync): status and repair, push, pull. */
class Device {
  readonly clientId = randomUUID();
  seq = 0;
  readonly records = new Map<string, Record<string, unknown>>();
  readonly created = new Set<string>();
  outbox: Create[] = [];
  cursor = 0;
  epoch: string | null = null;
  skip: ChangeRange[] = [];
  readonly counts = { applied: 0, duplicate: 0, identical: 0, wentBack: 0, requeued: 0 };

  constructor(
    readonly name: string,
    private readonly server: () => FastifyInstance,
    private readonly token: string,
  ) {}

  async call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<unknown> {
    const res = await this.server().inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.token}` },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode !== 200)
      throw new Error(`${this.name}: ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  create(n: number) {
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      const data = {
        fullName: `Restore ${this.name} ${this.created.size + 1}`,
        // A Vietnamese passport number (a letter and 7 digits), different for every traveller.
        passportNo: `R${1_000_000 + passportCount++}`,
        nationality: 'VN',
        entryDate: '2026-11-20',
        status: 'pending',
        gender: 'female',
        entryPostId: POST_ID,
      };
      this.records.set(id, data);
      this.created.add(id);
      this.outbox.push({ seq: ++this.seq, table: 'travelers', op: 'create', id, baseVersion: null, data });
    }
  }

  async sync() {
    const status = syncStatusResponseSchema.parse(await this.call('GET', '/api/sync/status'));
    if (serverWentBack({ epoch: this.epoch, cursor: this.cursor }, status)) {
      // What the web app's repair does (apps/web/src/sync/repair.ts): every record held as
      // synced is queued again as a create, and the pull starts over.
      this.counts.wentBack++;
      const queued = new Set(this.outbox.map((m) => m.id));
      for (const [id, data] of this.records) {
        if (queued.has(id)) continue;
        this.outbox.push({ seq: ++this.seq, table: 'travelers', op: 'create', id, baseVersion: null, data });
        this.counts.requeued++;
      }
      this.cursor = 0;
      this.skip = [];
      this.epoch = status.epoch;
    }
    while (this.outbox.length > 0) {
      const batch = this.outbox.slice(0, 50);
      const answer = pushResponseSchema.parse(
        await this.call('POST', '/api/sync/push', { clientId: this.clientId, mutations: batch }),
      );
      for (const r of answer.results) {
        const sent = batch.find((m) => m.seq === r.seq);
        if (r.status === 'applied' || r.status === 'duplicate') this.counts[r.status]++;
        else if (
          r.status === 'conflict' &&
          r.serverRecord &&
          sent &&
          FIELDS.every((f) => r.serverRecord?.[f] === sent.data[f])
        )
          this.counts.identical++;
        else throw new Error(`${this.name}: ${JSON.stringify(r)}`);
      }
      this.skip.push(...(answer.written ?? []));
      this.outbox = this.outbox.slice(batch.length);
    }
    for (;;) {
      this.skip = this.skip.filter((r) => r.to > this.cursor);
      const ranges = this.skip.map((r) => `${r.from}-${r.to}`).join(',');
      const page = pullResponseSchema.parse(
        await this.call(
          'GET',
          `/api/sync/pull?cursor=${this.cursor}&limit=500${ranges ? `&skip=${ranges}` : ''}`,
        ),
      );
      for (const change of page.changes) {
        if (change.table !== 'travelers') continue;
        if ('departed' in change || change.record.deletedAt) this.records.delete(String(change.record.id));
        else
          this.records.set(
            String(change.record.id),
            Object.fromEntries(FIELDS.map((f) => [f, change.record[f]])),
          );
      }
      this.cursor = page.cursor;
      this.epoch = page.epoch;
      if (!page.hasMore) return;
    }
  }
}

const idRow = z.object({ id: z.string(), passport_no: z.string() });

/** The drill on a database that `open` opens (again after the restore) and `restore` restores. */
async function drill(opts: {
  open: () => Promise<Database>;
  backup: (file: string) => Promise<void>;
  restore: (file: string) => Promise<void>;
  dataDir: string;
  file: string;
}) {
  let database = await opts.open();
  const config = loadConfig({
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  let app = await buildApp(config, database);
  const server = () => app;
  await database.db.execute(sql`INSERT INTO posts (id, code, name, kind, province, time_zone)
    VALUES (${POST_ID}, 'RST', '{"vi":"x","en":"x","ja":"x"}', 'airport', 'Hà Nội', 'Asia/Ho_Chi_Minh')`);
  const userId = randomUUID();
  const sid = randomUUID();
  await database.db.execute(sql`INSERT INTO users (id, email, name, role, password_hash)
    VALUES (${userId}, 'drill@restore.test', 'Drill admin', 'admin', 'x')`);
  await database.db.execute(sql`INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at)
    VALUES (${sid}, ${userId}, ${randomUUID()}, ${randomUUID()}, now() + interval '1 day')`);
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ sub: userId, role: 'admin', sid, iat: now, exp: now + 3600 }, SECRET);
  const [a, b, c] = ['A', 'B', 'C'].map((name) => new Device(name, server, token));
  if (!a || !b || !c) throw new Error('three devices');

  a.create(5);
  await a.sync();
  b.create(2);
  await b.sync();
  await opts.backup(opts.file);
  // Written after the backup: the restore loses them on the server, the devices still hold them.
  a.create(5);
  await a.sync();
  b.create(3);
  await b.sync();
  const epochBefore = a.epoch;

  await app.close();
  await database.close();
  await opts.restore(opts.file);
  database = await opts.open();
  app = await buildApp(config, database);
  const lostOnServer = await database.rows(idRow, sql`SELECT id, passport_no FROM travelers`);
  expect(lostOnServer).toHaveLength(7);

  // Another device writes first on the restored server: the restored sequence hands out again
  // change numbers A and B already pulled, so the highest change alone no longer tells them.
  c.create(30);
  await c.sync();
  const status = syncStatusResponseSchema.parse(await a.call('GET', '/api/sync/status'));
  expect(status.maxChangeSeq).toBeGreaterThanOrEqual(a.cursor);
  expect(status.epoch).not.toBe(epochBefore);

  for (const d of [a, b, c]) await d.sync();
  // Once more: each pulls what the others sent again.
  for (const d of [a, b, c]) await d.sync();

  const rows = await database.rows(idRow, sql`SELECT id, passport_no FROM travelers`);
  const created = new Set([...a.created, ...b.created, ...c.created]);
  const onServer = new Set(rows.map((r) => r.id));
  const lost = [...created].filter((id) => !onServer.has(id));
  const extra = rows.filter((r) => !created.has(r.id));
  const passports = new Set(rows.map((r) => r.passport_no));
  expect({ lost: lost.length, extra: extra.length, duplicated: rows.length - passports.size }).toEqual({
    lost: 0,
    extra: 0,
    duplicated: 0,
  });
  expect(rows).toHaveLength(45);
  for (const d of [a, b, c]) expect(new Set(d.records.keys())).toEqual(onServer);
  // A and B saw the server go back once; C pulled from the restored server only.
  expect([a.counts.wentBack, b.counts.wentBack, c.counts.wentBack]).toEqual([1, 1, 0]);
  // What the restore lost was applied again once; the rest came back identical.
  expect(a.counts.applied).toBe(10 + 5);
  expect(b.counts.applied).toBe(5 + 3);
  await app.close();
  await database.close();
  return { a: a.counts, b: b.counts, c: c.counts };
}

describe.runIf(!url)('restore drill, the embedded database', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('devices that wrote after the backup send it again: nothing lost, nothing twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-restore-drill-'));
    const files = mkdtempSync(path.join(tmpdir(), 'bh-restore-drill-files-'));
    dirs.push(dataDir, files);
    await drill({
      dataDir,
      file: path.join(files, 'copy.tar.gz'),
      open: () => openDatabase({ dataDir }),
      // The running server copies its database (on its backup socket, as `npm run backup` asks).
      backup: async (file) => {
        expect(await backupPglite(dataDir, file)).toMatchObject({ from: 'running server' });
      },
      restore: async (file) => {
        await restorePglite(dataDir, file);
      },
    });
  }, 120_000);
});

describe.runIf(url)('restore drill, PostgreSQL', () => {
  const name = `bh_restore_drill_${process.pid}`;
  const target = url ? Object.assign(new URL(url), { pathname: `/${name}` }).href : '';
  const dirs: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name}`);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('devices that wrote after the backup send it again: nothing lost, nothing twice', async () => {
    await admin(`DROP DATABASE IF EXISTS ${name}`);
    await admin(`CREATE DATABASE ${name}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-restore-drill-pg-'));
    dirs.push(dataDir);
    await drill({
      dataDir,
      file: path.join(dataDir, 'border.dump'),
      open: () => openDatabase({ databaseUrl: target, dataDir: null }),
      backup: async (file) => {
        backupPostgres(target, file);
      },
      restore: async (file) => {
        restorePostgres(target, file);
      },
    });
  }, 120_000);
});
