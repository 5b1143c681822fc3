/**
 * `npm run migrate`: applies the database migrations to the PostgreSQL of DATABASE_URL and exits.
 * For servers that reach the database through a transaction pooler (PgBouncer) and start with
 * MIGRATE_AT_START=false: run this once per release, on a direct connection to the primary, before
 * the new servers start (they check that nothing is missing). The embedded database needs no
 * such step: the server migrates it when it opens it.
 * Exit code 0 when the database is up to date; 1 with one line on stderr otherwise.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new ConfigError('DATABASE_URL is not set (the embedded database migrates at start)');
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: null, poolMax: 1 });
  await database.close();
  process.stdout.write(`migrations applied (${Date.now() - started} ms)\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`migrate: ${message}\n`);
    process.exit(1);
  },
);
