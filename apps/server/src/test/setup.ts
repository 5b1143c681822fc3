/**
 * Runs before each server test file. The files share one process and its modules (the server
 * project's `isolate: false`, vitest.config.ts), so what a module keeps for the one database of a
 * server process is forgotten here: the next file opens a database of its own.
 *
 * Two worker processes run the files (vitest.config.ts). On PGlite each file opens a database of
 * its own anyway; on PostgreSQL the files of one worker share DATABASE_URL's database (each test
 * empties it first), so each worker gets a database of its own on that server, made here before
 * its first file: DATABASE_URL then names it for everything the worker starts, spawned servers
 * included. The harness's first open applies the migrations to it.
 */
import pg from 'pg';
import { forgetActiveSessions } from '../modules/auth/sessions.ts';
import { forgetPosts } from '../modules/posts/store.ts';

forgetPosts();
forgetActiveSessions();

const url = process.env.DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (url && worker && !process.env.BH_TEST_WORKER_DATABASE) {
  const own = new URL(url);
  const name = `${own.pathname.slice(1) || 'postgres'}_w${worker}`.replace(/[^A-Za-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  own.pathname = `/${name}`;
  process.env.DATABASE_URL = own.href;
  process.env.BH_TEST_WORKER_DATABASE = name;
}
