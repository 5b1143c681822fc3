// WebKitGTK from Debian: WebKitWebDriver drives MiniBrowser under an Xvfb display of its own,
// over the plain W3C WebDriver HTTP API (a handful of endpoints, no client library). WebKit has
// no network emulation (offline is the server stopped) and no log API: the page's probe is
// installed after each load, so it sees what happens from then on, not during start-up.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { installProbe, readProbe } from './flow.mjs';

const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
/** The W3C WebDriver key of an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const TIMEOUT = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** MiniBrowser ships in libwebkit2gtk-4.1-0 under the multiarch directory. */
function miniBrowser() {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const candidate = path.join(lib, dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Why WebKitGTK cannot run here, or null. */
export function webkitMissing() {
  if (!existsSync(DRIVER)) return `no WebKitWebDriver at ${DRIVER} (apt-get install webkit2gtk-driver)`;
  if (!miniBrowser())
    return 'no MiniBrowser under /usr/lib/*/webkit2gtk-4.1 (apt-get install webkit2gtk-driver)';
  if (!existsSync(XVFB)) return `no Xvfb at ${XVFB} (apt-get install xvfb)`;
  return null;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts Xvfb on a display it picks itself (-displayfd); resolves with the process and the display. */
function startXvfb() {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let errors = '';
    xvfb.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const timer = setTimeout(() => {
      xvfb.kill('SIGTERM');
      reject(new Error(`Xvfb gave no display within 10 s: ${errors.trim()}`));
    }, 10_000);
    xvfb.stdio[3].once('data', (chunk) => {
      clearTimeout(timer);
      resolve({ xvfb, display: `:${String(chunk).trim()}` });
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`));
    });
  });
}

/** One W3C WebDriver command; a WebDriver error becomes an Error with its name and message. */
async function command(base, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  const value = answer?.value;
  if (!res.ok || (value && typeof value.error === 'string')) {
    throw new Error(`WebDriver ${method} ${url}: ${value?.error ?? res.status}: ${value?.message ?? ''}`);
  }
  return value;
}

/** The page-side wrapper of run(): awaits the function and reports its value or its error. */
const ASYNC_WRAPPER = `
const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
Promise.resolve()
  .then(() => (__FN__)(...args))
  .then(
    (value) => done({ ok: true, value: value === undefined ? null : value }),
    (e) => done({ ok: false, error: String((e && e.stack) || e) }),
  );`;

/** `server` is stopped for offline and started again for online. */
export async function openWebKit({ server }) {
  const stops = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const { xvfb, display } = await startXvfb();
    stops.push(async () => {
      xvfb.kill('SIGTERM');
    });
    const port = await freePort();
    // A process group of its own: MiniBrowser and WebKit's helper processes end with it.
    const driver = spawn(DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: display },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let driverErrors = '';
    driver.stderr.on('data', (chunk) => {
      driverErrors = (driverErrors + chunk).slice(-5000);
    });
    stops.push(async () => {
      if (driver.exitCode === null && driver.pid) process.kill(-driver.pid, 'SIGTERM');
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await command(base, 'GET', '/status').catch(() => null);
      if (ready?.ready) break;
      if (driver.exitCode !== null || Date.now() > deadline) {
        throw new Error(`WebKitWebDriver did not start: ${driverErrors.trim() || 'no output'}`);
      }
      await sleep(100);
    }
    const session = await command(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
        },
      },
    });
    const s = `/session/${session.sessionId}`;
    stops.push(() => command(base, 'DELETE', s));
    const wd = (method, url, body) => command(base, method, `${s}${url}`, body);
    await wd('POST', '/timeouts', { script: 30_000, pageLoad: 60_000, implicit: 0 });
    await wd('POST', '/window/rect', { x: 0, y: 0, width: 1280, height: 900 });

    const run = async (fn, ...args) => {
      const answer = await wd('POST', '/execute/async', {
        script: ASYNC_WRAPPER.replace('__FN__', () => String(fn)),
        args,
      });
      if (!answer?.ok) throw new Error(`in the page: ${answer?.error}`);
      return answer.value;
    };
    /** Retries `act` on the element until it works (present, visible, not covered) or TIMEOUT. */
    const onElement = async (css, act) => {
      const until = Date.now() + TIMEOUT;
      for (;;) {
        try {
          const element = await wd('POST', '/element', { using: 'css selector', value: css });
          return await act(`/element/${element[ELEMENT]}`);
        } catch (e) {
          if (Date.now() > until) throw new Error(`${css}: ${e instanceof Error ? e.message : String(e)}`);
          await sleep(200);
        }
      }
    };
    const afterLoad = () => run(installProbe);
    return {
      label: 'WebKit',
      version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
      serverStopsOffline: true,
      goto: async (url) => {
        await wd('POST', '/url', { url });
        await afterLoad();
      },
      reload: async () => {
        await wd('POST', '/refresh', {});
        await afterLoad();
      },
      run,
      click: (css) => onElement(css, (el) => wd('POST', `${el}/click`, {})),
      // Typed at the end of what the field holds (the flow types into empty fields): WebDriver's
      // clear would blur the field afterwards, which no typing person does.
      type: (css, text) => onElement(css, (el) => wd('POST', `${el}/value`, { text })),
      select: (css, value) =>
        onElement(`${css} option[value="${value}"]`, (el) => wd('POST', `${el}/click`, {})),
      setOnline: (online) => (online ? server.start() : server.stop()),
      problems: () => run(readProbe),
      screenshot: async (file) => {
        writeFileSync(file, Buffer.from(await wd('GET', '/screenshot'), 'base64'));
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
