import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: config.DATABASE_POOL_MAX,
    migrate: config.MIGRATE_AT_START ? 'apply' : 'check',
    readUrl: config.DATABASE_READ_URL,
  });
  const app = await buildApp(config, database);
  const DRAIN_MS = 10_000;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Requests under way may finish; one still running after DRAIN_MS (a long export download)
    // is cut, so a restart never waits on it.
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    try {
      await app.close();
      clearTimeout(cut);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
  };
  // PGlite's thread ended by itself: nothing can be stored any more. Exit, so that the
  // supervisor starts the server again (on the data directory, which keeps every commit).
  void database.stopped.then((err) => {
    if (closing) return;
    app.log.fatal({ err }, 'the database stopped');
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
