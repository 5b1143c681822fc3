/**
 * Backups and restores of either database (`npm run backup`, `npm run restore`; cli/backup.ts).
 *
 * Embedded database: a consistent copy, never a copy of the files under a running server (a
 * file copied while PostgreSQL writes it may be torn). Running, the server makes the copy
 * (backup-socket.ts); stopped, the database is opened here and copied the same way. Restoring
 * needs the server stopped: the current folder is moved aside (kept, never deleted) and the copy
 * opened in its place.
 *
 * PostgreSQL: pg_dump's custom format, restored by pg_restore in one transaction over the existing
 * objects (--clean --if-exists). Connect both straight to the primary, not through PgBouncer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadPgliteCopy, openDatabase, pgliteDir } from '../db/client.ts';
import { backupSocketPath, copyFromServer, serverListens } from './backup-socket.ts';

export class BackupError extends Error {}

/** What a backup file holds, from its first bytes. */
export function backupKind(file: string): 'pglite' | 'postgres' | null {
  const head = readFileSync(file).subarray(0, 5);
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'; // gzip: a data directory's tar
  if (head.toString('latin1') === 'PGDMP') return 'postgres'; // pg_dump's custom format
  return null;
}

/** Writes `bytes` to `file`, readable by its owner only (a backup holds health data). */
function writePrivate(file: string, bytes: Uint8Array) {
  writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
}

/** A copy of the embedded database in `dataDir`, from the running server or, stopped, opened here. */
export async function backupPglite(
  dataDir: string,
  file: string,
): Promise<{ from: 'running server' | 'stopped database'; bytes: number }> {
  const socket = backupSocketPath(dataDir);
  if (await serverListens(socket)) {
    const copy = await copyFromServer(socket);
    writePrivate(file, copy);
    return { from: 'running server', bytes: copy.byteLength };
  }
  if (!existsSync(pgliteDir(dataDir))) throw new BackupError(`no embedded database in ${dataDir}`);
  const database = await openDatabase({ dataDir });
  try {
    const dump = database.dumpDataDir;
    if (!dump) throw new BackupError('the embedded database cannot be copied');
    const copy = await dump();
    writePrivate(file, copy);
    return { from: 'stopped database', bytes: copy.byteLength };
  } finally {
    await database.close();
  }
}

/**
 * Replaces the embedded database in `dataDir` by the copy in `file`, with a new epoch; the server
 * must be stopped.
 * The folder it replaces is kept as `pgdata.before-restore-<time>`; its path is returned.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<string | null> {
  if (await serverListens(backupSocketPath(dataDir)))
    throw new BackupError('the server is running on this DATA_DIR: stop it, restore, then start it');
  const current = pgliteDir(dataDir);
  let keptAside: string | null = null;
  if (existsSync(current)) {
    keptAside = `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(current, keptAside);
  }
  try {
    await loadPgliteCopy(dataDir, new Uint8Array(readFileSync(file)), NEW_EPOCH_SQL);
  } catch (err) {
    // Put the database back as it was.
    if (keptAside) {
      rmSync(current, { recursive: true, force: true });
      renameSync(keptAside, current);
    }
    throw err;
  }
  return keptAside;
}

/**
 * A restored database is given a new epoch (table meta): devices that pulled from the database
 * before the restore see another epoch and send again what it lacks
 * (docs/decisions/003-epoch-detection.md). The highest change number alone would not tell them
 * once other devices wrote after the restore: the restored sequence hands out again numbers
 * they already saw.
 */
const NEW_EPOCH_SQL = "UPDATE meta SET value = gen_random_uuid()::text WHERE key = 'epoch'";

/** The URL without its password, and the password for the environment (not the process list). */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(tool, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new BackupError(`${tool} could not run (${r.error.message}): install postgresql-client`);
  if (r.status !== 0) throw new BackupError(`${tool} failed: ${r.stderr.trim() || `exit code ${r.status}`}`);
}

/** pg_dump of the database of `databaseUrl` into `file` (custom format). */
export function backupPostgres(databaseUrl: string, file: string): { bytes: number } {
  const { dbname, env } = connection(databaseUrl);
  // Created first, so that the dump is never readable by others.
  writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], env);
  return { bytes: statSync(file).size };
}

/**
 * pg_restore of `file` into the database of `databaseUrl`, in one transaction: the objects of the
 * dump are dropped and made again with the dump's rows; then the database gets a new epoch.
 * Stop the servers first.
 */
export function restorePostgres(databaseUrl: string, file: string) {
  const { dbname, env } = connection(databaseUrl);
  runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  runTool('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`, '-c', NEW_EPOCH_SQL], env);
}
