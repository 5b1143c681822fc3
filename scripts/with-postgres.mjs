#!/usr/bin/env node
// Runs a command against a throw-away PostgreSQL 15 cluster started from the installed
// binaries (as the postgres user when run as root), then stops and removes it.
// Where the binaries are absent it says so in one line and exits 0 without running the command.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const cmd = process.argv.slice(2);
if (!existsSync(path.join(bin, 'initdb'))) {
  console.log(`PostgreSQL pass NOT RUN: no PostgreSQL server binaries at ${bin} (set PG_BIN)`);
  process.exit(0);
}
const isRoot = process.getuid?.() === 0;
const asPg = (args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
const run = (args) => {
  const [file, rest] = asPg(args);
  execFileSync(file, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
};

const dir = mkdtempSync(path.join(tmpdir(), 'bh-pg-'));
const pgdata = path.join(dir, 'data');
/** A loopback port free now: several runs at once (a bench and a test pass) each get their own. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
const port = Number(process.env.PG_TEST_PORT ?? (await freePort()));
/**
 * PG_SHARED_BUFFERS (e.g. 1GB): the cache a bench at a country's scale runs with, as a deployment
 * sizes it (docs/deployment.md); PostgreSQL's default of 128 MB holds a tenth of that data.
 */
/**
 * PG_DURABLE=1: PostgreSQL's own durability settings (fsync, synchronous_commit and
 * full_page_writes on), as a deployment runs it; a bench that compares with a peer uses them.
 * Without it the throw-away cluster skips them: tests need no crash safety and run faster.
 */
const durability =
  process.env.PG_DURABLE === '1' ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
const sharedBuffers = /^\d+(kB|MB|GB)$/.test(process.env.PG_SHARED_BUFFERS ?? '')
  ? ` -c shared_buffers=${process.env.PG_SHARED_BUFFERS}`
  : '';
if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
let started = false;
const stop = () => {
  if (started) {
    try {
      run([path.join(bin, 'pg_ctl'), '-D', pgdata, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
try {
  run([
    path.join(bin, 'initdb'),
    '-D',
    pgdata,
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  run([
    path.join(bin, 'pg_ctl'),
    '-D',
    pgdata,
    '-l',
    path.join(pgdata, 'log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${pgdata}${durability}${sharedBuffers}`,
    'start',
  ]);
  started = true;
} catch (err) {
  stop();
  console.error(`could not start PostgreSQL: ${err.message}`);
  process.exit(1);
}
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL 15 started on ${url}`);
const child = spawn(cmd[0], cmd.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, PG_TEST: '1' },
  shell: false,
});
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
