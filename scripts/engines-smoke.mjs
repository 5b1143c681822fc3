#!/usr/bin/env node
// The smoke flow in the engines besides Chromium (issue 34): Firefox ESR through puppeteer-core
// over WebDriver BiDi, then WebKitGTK through WebKitWebDriver and MiniBrowser under Xvfb, both
// from Debian. Sign in, the list, a traveller added offline that survives a reload and reaches
// the server exactly once, a health declaration, the pre-arrival form; any CSP violation or
// page error fails it. Needs the built app (npm run build); starts the built server on its own
// port (ENGINES_SMOKE_PORT, 3188) with a fresh database. `node scripts/engines-smoke.mjs webkit`
// runs one engine. An engine that is not installed fails the step in CI (CI set) and is
// reported as not run elsewhere; an engine that is installed but does not start always fails.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { firefoxMissing, openFirefox } from './engines-smoke/firefox.mjs';
import { smokeFlow } from './engines-smoke/flow.mjs';
import { apiAs, smokeServer } from './engines-smoke/server.mjs';
import { openWebKit, webkitMissing } from './engines-smoke/webkit.mjs';

const port = Number(process.env.ENGINES_SMOKE_PORT ?? 3188);
const inCi = Boolean(process.env.CI);
const ENGINE_TIMEOUT_MS = 150_000;
const shots = 'test-results/engines-smoke';

const ENGINES = [
  { key: 'firefox', name: 'Firefox ESR', missing: firefoxMissing, open: () => openFirefox() },
  { key: 'webkit', name: 'WebKitGTK', missing: webkitMissing, open: (server) => openWebKit({ server }) },
];

const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const message = (e) => (e instanceof Error ? e.message : String(e));

const asked = process.argv.slice(2);
const unknown = asked.filter((key) => !ENGINES.some((e) => e.key === key));
if (unknown.length > 0) {
  console.error(`engines smoke: unknown engine ${unknown.join(', ')} (firefox, webkit)`);
  process.exit(2);
}
const engines = ENGINES.filter((e) => asked.length === 0 || asked.includes(e.key));

const webDist = process.env.WEB_DIST;
for (const file of ['apps/server/dist/main.js', path.join(webDist ?? 'apps/web/dist', 'index.html')]) {
  if (!existsSync(file)) {
    console.error(`engines smoke: ${file} is missing: build the app first (npm run build)`);
    process.exit(1);
  }
}

const results = [];
const runnable = [];
for (const engine of engines) {
  const why = engine.missing();
  if (!why) runnable.push(engine);
  else if (inCi) results.push({ engine, ok: false, note: `cannot run in CI: ${why}` });
  else results.push({ engine, ok: true, notRun: true, note: why });
}

const server = smokeServer({ port, dataDir: `.tmp/engines-smoke-data-${port}`, webDist });
let closeDriver = null;
const shutdown = async () => {
  await closeDriver?.().catch(() => undefined);
  await server.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void shutdown().finally(() => process.exit(130));
  });
}

async function runEngine(engine, api) {
  const started = Date.now();
  console.log(`\n--- ${engine.name} ---`);
  const d = await engine.open(server).catch((e) => {
    throw new Error(`${engine.name} did not start: ${message(e)}`);
  });
  closeDriver = d.close;
  console.log(`  ${d.version}, started in ${secs(started)}`);
  let current = 'start';
  const step = async (name, fn) => {
    current = name;
    const t = Date.now();
    await fn();
    console.log(`  ok  ${name} (${secs(t)})`);
  };
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`took longer than ${ENGINE_TIMEOUT_MS / 1000} s`)),
      ENGINE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([smokeFlow({ d, base: server.base, api, step }), timeout]);
    return { engine, ok: true, note: `${d.version}, ${secs(started)}` };
  } catch (e) {
    mkdirSync(shots, { recursive: true });
    const shot = path.join(shots, `${engine.key}-failure.png`);
    const saved = await Promise.race([
      d.screenshot(shot).then(
        () => ` (screenshot ${shot})`,
        () => '',
      ),
      new Promise((resolve) => setTimeout(() => resolve(''), 5000)),
    ]);
    console.error(`  FAILED  ${current}: ${message(e)}`);
    return { engine, ok: false, note: `step "${current}" failed${saved}: ${message(e)}` };
  } finally {
    clearTimeout(timer);
    await d.close().catch(() => undefined);
    closeDriver = null;
  }
}

try {
  if (runnable.length > 0) {
    const t = Date.now();
    await server.start();
    console.log(`server on ${server.base} in ${secs(t)}`);
    const api = await apiAs(server.base, 'admin@demo.vn', 'Admin@123');
    for (const engine of runnable) {
      // A failed WebKit flow may have left the server stopped ("offline").
      if (!server.running()) await server.start();
      results.push(await runEngine(engine, api).catch((e) => ({ engine, ok: false, note: message(e) })));
    }
  }
} catch (e) {
  results.push({ engine: { name: 'server' }, ok: false, note: `${message(e)}\n${server.output()}` });
} finally {
  await shutdown();
}

console.log('\nengines smoke:');
for (const r of results) {
  console.log(`  ${r.notRun ? 'NOT RUN' : r.ok ? 'ok     ' : 'FAILED '} ${r.engine.name}: ${r.note}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
