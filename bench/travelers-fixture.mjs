// Shared by the traveller benchmarks: starts the real server on a fresh data directory, logs in
// as the demo admin and loads N generated travellers through POST /api/travelers/bulk-import.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Smith', 'Tanaka', 'Kim', 'Müller', 'Martin', 'Wang'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'John', 'Yuki', 'Min', 'Anna', 'Louis', 'Wei', 'Hoa', 'Lan'];
const NAT = ['VN', 'US', 'JP', 'KR', 'CN', 'TH', 'SG', 'MY', 'AU', 'GB', 'FR', 'DE'];
const STATUS = ['pending', 'declared', 'tested', 'cleared'];

/**
 * Deterministic travellers as CSV (header + n rows), numbered from `first`: slices loaded one
 * after another need distinct numbers, or the duplicate guard refuses the second slice.
 */
export function travelersCsv(n, first = 0) {
  const lines = ['fullName,passportNo,nationality,entryDate,status,flightNo,origin,destination,gender'];
  for (let i = first; i < first + n; i++) {
    const nat = NAT[i % NAT.length];
    const passport = nat === 'VN' ? `B${String(i).padStart(7, '0')}` : `${nat}${String(i).padStart(7, '0')}`;
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const name = `${FAMILY[i % FAMILY.length]} ${GIVEN[(i * 7) % GIVEN.length]} ${i}`;
    lines.push(
      `${name},${passport},${nat},${day},${STATUS[i % 4]},VN123,NRT,HAN,${i % 2 ? 'male' : 'female'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A real server on a fresh data directory, logged in as the demo admin. `onLogLine` receives the
 * server's stdout line by line (JSON logs at `logLevel`); without it the server's logs go to this
 * process's stderr, so a bench's stdout holds its JSON result alone.
 */
export async function startServer({ port, webDist, logLevel = 'warn', onLogLine }) {
  const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-trav-'));
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: logLevel,
      // The benches log in as the demo admin, also on PostgreSQL and under NODE_ENV=production
      // (Vite's build sets it in the bench's own process, which the server inherits).
      DEMO: 'true',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: ['ignore', onLogLine ? 'pipe' : 2, 'inherit'],
  });
  // A bench that fails (or is interrupted) must not leave its server listening on the port.
  const exited = new Promise((r) => server.once('exit', r));
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      killOnExit();
      process.exit(130);
    });
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    process.off('exit', killOnExit);
    rmSync(work, { recursive: true, force: true });
  };
  if (onLogLine) {
    let pending = '';
    server.stdout.on('data', (chunk) => {
      pending += chunk.toString();
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        onLogLine(pending.slice(0, end));
        pending = pending.slice(end + 1);
      }
    });
  }
  const base = `http://127.0.0.1:${port}`;
  let headers;
  try {
    headers = await waitAndLogin(base, () => server.exitCode !== null);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    base,
    headers,
    pid: server.pid,
    /** Signs in as `email` and answers the bearer header for its requests. */
    async login(email, password) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return { authorization: `Bearer ${(await res.json()).token}` };
    },
    /** GET an API path as the admin; throws with the body on a non-2xx answer. */
    async json(apiPath) {
      const res = await fetch(`${base}${apiPath}`, { headers });
      if (!res.ok) throw new Error(`GET ${apiPath}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    async load(n, first = 0) {
      const started = performance.now();
      const res = await fetch(`${base}/api/travelers/bulk-import`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: travelersCsv(n, first),
      });
      const report = await res.json();
      if (report.imported !== n) throw new Error(`import failed: ${JSON.stringify(report).slice(0, 300)}`);
      return performance.now() - started;
    },
    stop,
  };
}

/** Waits for the server's health check, then logs in as the demo admin (bearer header). */
async function waitAndLogin(base, hasExited) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 480 || hasExited()) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.vn', password: 'Admin@123' }),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  const login = await res.json();
  return { authorization: `Bearer ${login.token}` };
}

/** The head of a travellers bench's result: its name, the server's database and the rows it holds. */
export const resultHead = (name, travelers) => ({
  name,
  database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  travelers,
});

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Writes a bench's result to bench/results/<name>.json and prints it. */
export function writeResult(name, result) {
  const json = `${JSON.stringify(result, null, 2)}\n`;
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, `bench/results/${name}.json`), json);
  process.stdout.write(json);
}
