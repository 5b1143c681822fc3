/**
 * `npm run restore -- FILE`: puts the backup FILE (`npm run backup`) back into the configured
 * database. Stop the servers first.
 * - Embedded database (DATA_DIR): refused while a server runs on it; the current database is moved
 *   aside to DATA_DIR/pgdata.before-restore-<time> (delete it once the restore is checked).
 * - PostgreSQL (DATABASE_URL, the primary): pg_restore in one transaction, replacing the tables of
 *   the dump; restore into a new, empty database to be sure nothing newer stays.
 * Devices notice that the server went back and send again what they hold that it lacks
 * (docs/deployment.md, "Backups"). Exit code 0 with one line; 1 otherwise.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError, backupKind, restorePglite, restorePostgres } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

async function main() {
  const config = loadConfig();
  const given = process.argv[2];
  if (!given) throw new BackupError('name the backup file: npm run restore -- FILE');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  const kind = backupKind(file);
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === null) throw new BackupError(`${file} is not a backup made by npm run backup`);
  if (kind !== target)
    throw new BackupError(
      kind === 'pglite'
        ? `${file} is a copy of an embedded database, and DATABASE_URL is set`
        : `${file} is a PostgreSQL dump: set DATABASE_URL to the database to restore it into`,
    );
  const started = Date.now();
  if (config.DATABASE_URL) {
    restorePostgres(config.DATABASE_URL, file);
    process.stdout.write(`restored ${file} into PostgreSQL (${Date.now() - started} ms)\n`);
  } else {
    const aside = await restorePglite(config.dataDir, file);
    process.stdout.write(
      `restored ${file} into ${config.dataDir} (${Date.now() - started} ms)${aside ? `; the database it replaced is in ${aside}` : ''}\n`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof ConfigError;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`restore: ${known ? message : `failed: ${message}`}\n`);
    process.exit(1);
  },
);
