/**
 * `npm run backup [-- FILE]`: a backup of the configured database (DATABASE_URL, or the embedded
 * database in DATA_DIR) into FILE, by default backups/border-<database>-<time>.<tar.gz|dump> in
 * the folder npm was started from; the file is readable by its owner only. The embedded database
 * may be running (the server makes the copy) or stopped. PostgreSQL: pg_dump, so connect it to
 * the primary, not the pooler. Exit code 0 with one line naming the file; 1 otherwise.
 *
 * `npm run restore -- FILE` is cli/restore.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { BackupError, backupPglite, backupPostgres } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** Where npm was started (npm runs the workspace's script in apps/server). */
const startedIn = () => process.env.INIT_CWD ?? process.cwd();

async function main() {
  const config = loadConfig();
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const given = process.argv[2];
  const file = path.resolve(
    startedIn(),
    given ?? path.join('backups', `border-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`),
  );
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const started = Date.now();
  if (config.DATABASE_URL) {
    const { bytes } = backupPostgres(config.DATABASE_URL, file);
    process.stdout.write(
      `backup of PostgreSQL written to ${file} (${bytes} bytes, ${Date.now() - started} ms)\n`,
    );
  } else {
    const { from, bytes } = await backupPglite(config.dataDir, file);
    process.stdout.write(
      `backup of the embedded database (${from}) written to ${file} (${bytes} bytes, ${Date.now() - started} ms)\n`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof ConfigError;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`backup: ${known ? message : `failed: ${message}`}\n`);
    process.exit(1);
  },
);
