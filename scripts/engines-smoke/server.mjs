// The built server for the engines' smoke flows: started on a port of its own with a fresh
// embedded database, stopped and started again on the same data (WebKit's "offline"), and read
// through its API as the admin, apart from any browser.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const MAIN = 'apps/server/dist/main.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(base) {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The server on 127.0.0.1:`port` over `dataDir` (emptied first). `start()` and `stop()` may be
 * called again: the data stays. Its output is kept and shown when it fails to start.
 */
export function smokeServer({ port, dataDir, webDist }) {
  const base = `http://127.0.0.1:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  let child = null;
  let output = '';
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(webDist ? { WEB_DIST: webDist } : {}),
  };

  async function start() {
    if (await healthy(base)) throw new Error(`port ${port} already has a server: stop it first`);
    output = '';
    const proc = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const keep = (chunk) => {
      output = (output + chunk).slice(-20_000);
    };
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    let exited = false;
    proc.on('exit', () => {
      exited = true;
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`the server exited while starting:\n${output}`);
      if (await healthy(base)) return;
      await sleep(200);
    }
    throw new Error(`the server did not answer /api/health within 90 s:\n${output}`);
  }

  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }

  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  return { base, start, stop, running, output: () => output };
}

/** The API as one signed-in account, from Node (no browser involved). */
export async function apiAs(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (!res.ok || typeof body?.token !== 'string') {
    throw new Error(`API sign-in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  const token = body.token;
  return {
    /** GET `path`: the status and the JSON body (null when not 2xx). */
    async get(path) {
      const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, body: r.ok ? await r.json() : null };
    },
  };
}
