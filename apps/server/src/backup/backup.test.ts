/**
 * Backup drill: back up, write more, restore, and the data is the older state again; for the
 * embedded database (copied by the running server on its backup socket, or opened when stopped;
 * the restore refused while the server runs) and for PostgreSQL (pg_dump / pg_restore, in the
 * PostgreSQL pass of the API tests).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { serverRoot } from '../paths.ts';
import { backupKind, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';
import { backupSocketPath } from './backup-socket.ts';

const url = process.env.DATABASE_URL;
const postRow = z.object({ code: z.string(), province: z.string() });

async function addPost(database: Database, code: string, province = 'Hà Nội') {
  await database.db.execute(sql`INSERT INTO posts (id, code, name, kind, province, time_zone)
    VALUES (${randomUUID()}, ${code}, '{"vi":"x","en":"x","ja":"x"}', 'airport', ${province}, 'Asia/Ho_Chi_Minh')`);
}

/** The posts as "CODE province", in code order. */
async function posts(database: Database) {
  const rows = await database.rows(postRow, sql`SELECT code, province FROM posts ORDER BY code`);
  return rows.map((r) => `${r.code} ${r.province}`);
}

describe.runIf(!url)('the embedded database', () => {
  // Made in beforeAll: a describe's body runs even when the describe is skipped.
  let dataDir = '';
  let file = '';
  let database: Database;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bh-backup-'));
    file = path.join(dataDir, '..', `${path.basename(dataDir)}-copy.tar.gz`);
    database = await openDatabase({ dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    app = await buildApp(config, database);
    await app.ready();
  });
  const others: string[] = [];
  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const made of [dataDir, file, `${file}.2`, ...others])
      rmSync(made, { recursive: true, force: true });
  });

  it('a running server copies its database on the backup socket (another process asks); a restore waits for it to stop', async () => {
    await addPost(database, 'AAA');
    await addPost(database, 'BBB');
    expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    // npm run backup, as another process does it.
    // Not execFileSync: the server that answers runs in this process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/backup.ts', file],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '/' },
        timeout: 60_000,
      },
    );
    expect(stdout).toContain('(running server)');
    expect(backupKind(file)).toBe('pglite');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Written after the backup: lost by the restore.
    await addPost(database, 'CCC');
    await database.db.execute(sql`UPDATE posts SET province = 'Lạng Sơn' WHERE code = 'AAA'`);
    expect(await posts(database)).toEqual(['AAA Lạng Sơn', 'BBB Hà Nội', 'CCC Hà Nội']);
    await expect(restorePglite(dataDir, file)).rejects.toThrow(/stop it/);
    // A second backup to the same file is refused rather than overwriting it.
    await expect(backupPglite(dataDir, file)).rejects.toThrow(/EEXIST/);
  });

  it('once stopped: restored, the database is the older state; the newer one is kept aside', async () => {
    await app?.close();
    app = null;
    await database.close();
    expect(existsSync(backupSocketPath(dataDir))).toBe(false);
    const aside = await restorePglite(dataDir, file);
    expect(aside && existsSync(aside)).toBe(true);
    database = await openDatabase({ dataDir });
    expect(await posts(database)).toEqual(['AAA Hà Nội', 'BBB Hà Nội']);
  });

  it('a stopped database is backed up by opening it', async () => {
    await database.close();
    const again = `${file}.2`;
    expect(await backupPglite(dataDir, again)).toMatchObject({ from: 'stopped database' });
    const other = mkdtempSync(path.join(tmpdir(), 'bh-backup-other-'));
    others.push(other);
    expect(await restorePglite(other, again)).toBeNull();
    database = await openDatabase({ dataDir: other });
    expect(await posts(database)).toEqual(['AAA Hà Nội', 'BBB Hà Nội']);
  });
});

describe.runIf(url)('PostgreSQL', () => {
  const name = `bh_backup_test_${process.pid}`;
  const target = url ? Object.assign(new URL(url), { pathname: `/${name}` }).href : '';
  let file = '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let database: Database;
  beforeAll(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'bh-backup-pg-')), 'border.dump');
    await admin(`DROP DATABASE IF EXISTS ${name}`);
    await admin(`CREATE DATABASE ${name}`);
    database = await openDatabase({ databaseUrl: target, dataDir: null });
  });
  afterAll(async () => {
    await database?.close();
    await admin(`DROP DATABASE IF EXISTS ${name}`);
    rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('pg_dump, write more, pg_restore: the database is the older state', async () => {
    await addPost(database, 'AAA');
    await addPost(database, 'BBB');
    expect(backupPostgres(target, file).bytes).toBeGreaterThan(1000);
    expect(backupKind(file)).toBe('postgres');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await addPost(database, 'CCC');
    await database.db.execute(sql`UPDATE posts SET province = 'Lạng Sơn' WHERE code = 'AAA'`);
    // The servers are stopped for a restore: the pool's connections would hold locks.
    await database.close();
    restorePostgres(target, file);
    database = await openDatabase({ databaseUrl: target, dataDir: null, migrate: 'check' });
    expect(await posts(database)).toEqual(['AAA Hà Nội', 'BBB Hà Nội']);
  });
});
