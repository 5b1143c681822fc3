/**
 * The update flow with two real builds: the app installed from build 1, the server restarted on
 * the same origin with build 2 (the static plugin lists files at start), the page shows "update
 * available", the button activates the new worker (SKIP_WAITING) and reloads, and the outbox
 * survives. Build 2 differs from build 1 by its build date, so every hashed asset changes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, outboxCount, unlockWhenAsked, waitForServiceWorker } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'bh-update-'));
const served = path.join(work, 'web');
let server: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number) {
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: served,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function stopServer() {
  const running = server;
  if (!running) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGTERM');
  });
  server = null;
}

test.afterAll(async () => {
  await stopServer();
  rmSync(work, { recursive: true, force: true });
});

test('a new build: "update available", the button activates it and reloads, the outbox survives', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Build 1 is the build under test; build 2 is made now, into a folder of its own.
  cpSync(path.join(root, 'apps/web/dist'), served, { recursive: true });
  const second = path.join(work, 'build-2');
  execFileSync('npx', ['vite', 'build', '--outDir', second, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'ignore',
  });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await startServer(port);
  await page.goto(`${base}/login`);
  await page.evaluate(() => {
    localStorage.setItem('app-locale', 'en');
    // Automatic sync off, so the outbox row below stays until the update is done.
    localStorage.setItem('pwa-settings', JSON.stringify({ autoSync: false }));
  });
  await page.reload();
  await page.locator('#login-email').fill(DEMO_ACCOUNTS.officer.email);
  await page.locator('#login-password').fill(DEMO_ACCOUNTS.officer.password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  // A page load starts locked (docs/decisions/016-encryption-at-rest.md): the goto and the update's reload.
  unlockWhenAsked(page, DEMO_ACCOUNTS.officer.password);
  await page.goto(`${base}/pwa-settings`);
  await waitForServiceWorker(page);
  const panel = page.getByTestId('app-panel');
  await expect(panel.getByText('Latest version')).toBeVisible();
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  const appScript = () =>
    page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'));
  const firstScript = await appScript();

  // An unsynced change in the outbox, as an officer offline would leave it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onsuccess = () => {
          const tx = open.result.transaction('syncQueue', 'readwrite');
          tx.objectStore('syncQueue').add({
            operation: 'create',
            table: 'travelers',
            recordId: '00000000-0000-4000-8000-00000000abcd',
            data: { fullName: 'Kept Across Update' },
            baseVersion: null,
            timestamp: Date.now(),
            retryCount: 0,
            nextAttemptAt: Date.now(),
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  expect(await outboxCount(page)).toBe(1);

  // Build 2 goes live on the same origin.
  await stopServer();
  rmSync(served, { recursive: true, force: true });
  cpSync(second, served, { recursive: true });
  await startServer(port);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const update = panel.getByRole('button', { name: 'Update now' });
  // The new worker precaches build 2 first: slow on a loaded machine.
  await expect(update).toBeVisible({ timeout: 90_000 });
  const reloaded = page.waitForEvent('load');
  await update.click();
  await reloaded;
  await waitForServiceWorker(page);
  await expect(page.getByTestId('app-panel').getByText('Latest version')).toBeVisible();
  const active = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: reg?.waiting ?? null, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(active).toEqual({ waiting: null, controller: firstWorker });
  // The page now runs build 2 (its hashed bundle), and the outbox row is still there.
  expect(await appScript()).not.toBe(firstScript);
  expect(await outboxCount(page)).toBe(1);
});
