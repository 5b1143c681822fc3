/**
 * Two devices (browser contexts) edit the same traveller: B offline, A online. When B comes
 * back the conflict shows in B's sync centre on /pwa-settings and B resolves it there; the
 * server then holds the expected value.
 *
 * The traveller is created and A's edit is made through the sync API from A's page. B's
 * offline edit is written to B's IndexedDB with raw IndexedDB calls, exactly as
 * src/sync/outbox.ts writes a local update (record + outbox row), so this test does not depend
 * on the entry-management screen.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

type Json = Record<string, unknown>;

async function device(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await loginAs(page, 'officer');
  return { context, page };
}

/** An authenticated call from the page, with the token the app keeps in localStorage. */
function call(page: Page, method: string, url: string, body?: Json): Promise<{ status: number; json: Json }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    { method, url, body },
  );
}

const WRITABLE = ['fullName', 'passportNo', 'nationality', 'entryDate', 'status', 'flightNo', 'origin'];

async function pushFromPage(page: Page, mutation: Json) {
  const res = await call(page, 'POST', '/api/sync/push', {
    clientId: `e2e-${crypto.randomUUID()}`,
    mutations: [{ seq: 1, ...mutation }],
  });
  expect(res.status).toBe(200);
  const [result] = res.json.results as { status: string; version?: number }[];
  expect(result?.status).toBe('applied');
  return result!;
}

/** Reads one traveller from the device's IndexedDB (undefined when absent). */
function localTraveler(page: Page, id: string): Promise<Json | undefined> {
  return page.evaluate(
    (id) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('travelers').objectStore('travelers').get(id);
          req.onsuccess = () => {
            resolve(req.result as Record<string, unknown> | undefined);
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    id,
  );
}

/** A local update as outbox.ts makes it: the record and its outbox row in one transaction. */
function editOffline(page: Page, id: string, changes: Json) {
  return page.evaluate(
    ({ id, changes, writable }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const dbh = open.result;
          const tx = dbh.transaction(['travelers', 'syncQueue'], 'readwrite');
          const store = tx.objectStore('travelers');
          const get = store.get(id);
          get.onsuccess = () => {
            const existing = get.result as Record<string, unknown>;
            const now = Date.now();
            const record: Record<string, unknown> = {
              ...existing,
              ...changes,
              updatedAt: new Date(now).toISOString(),
              syncStatus: 'pending',
              lastModified: now,
            };
            store.put(record);
            const data: Record<string, unknown> = {};
            for (const k of writable) if (record[k] !== undefined) data[k] = record[k];
            // As the app queues a sealed record: its envelope goes with the row (db/sealing.ts).
            if (record.sealed) data.sealed = record.sealed;
            tx.objectStore('syncQueue').add({
              operation: 'update',
              table: 'travelers',
              recordId: id,
              data,
              baseVersion: existing.version,
              timestamp: now,
              retryCount: 0,
              nextAttemptAt: 0,
              blocked: 0,
            });
          };
          tx.oncomplete = () => {
            dbh.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { id, changes, writable: WRITABLE },
  );
}

/** Runs the app's force sync from /pwa-settings and waits until the traveller is local. */
async function loadTraveler(page: Page, id: string) {
  await page.goto('/pwa-settings');
  await expect(page.getByTestId('app-panel')).toBeVisible();
  await expect
    .poll(
      async () => {
        if (!(await localTraveler(page, id))) {
          await page
            .getByTestId('panel-force-sync')
            .click({ timeout: 2000 })
            .catch(() => {});
        }
        return (await localTraveler(page, id))?.version;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
}

/** Both devices hold the traveller; B edits offline, A edits online, B comes back. */
async function makeConflict(browser: Browser) {
  const a = await device(browser);
  const b = await device(browser);
  const id = crypto.randomUUID();
  const base = {
    fullName: 'Nguyễn Văn Gốc',
    // One passport per conflict: the server refuses the same passport twice within a day.
    passportNo: `B${1_000_000 + Math.floor(Math.random() * 8_999_999)}`,
    nationality: 'VN',
    entryDate: '2026-03-01',
    status: 'pending',
  };
  await pushFromPage(a.page, { table: 'travelers', op: 'create', id, baseVersion: null, data: base });
  await loadTraveler(a.page, id);
  await loadTraveler(b.page, id);

  await b.context.setOffline(true);
  await editOffline(b.page, id, { fullName: 'Thiết Bị B', flightNo: 'VN123' });
  const edited = await pushFromPage(a.page, {
    table: 'travelers',
    op: 'update',
    id,
    baseVersion: 1,
    data: { ...base, fullName: 'Thiết Bị A' },
  });
  expect(edited.version).toBe(2);

  await b.context.setOffline(false);
  await b.page.goto('/pwa-settings');
  const conflict = b.page.locator(`[data-testid="conflict"][data-record-id="${id}"]`);
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  const nameRow = conflict.getByTestId('conflict-field-fullName');
  await expect(nameRow).toHaveAttribute('data-differs', 'true');
  await expect(nameRow).toContainText('Thiết Bị B');
  await expect(nameRow).toContainText('Thiết Bị A');
  await expect(conflict.getByTestId('conflict-field-passportNo')).toHaveAttribute('data-differs', 'false');
  await expect(b.page.getByTestId('stat-unresolvedConflicts')).toHaveText('1');
  return { a, b, id, conflict };
}

async function serverTraveler(page: Page, id: string) {
  const res = await call(page, 'GET', `/api/travelers/${id}`);
  expect(res.status).toBe(200);
  return res.json;
}

test.describe('sync centre conflicts between two devices', () => {
  test('client_wins sends B’s copy on the server’s current version', async ({ browser }) => {
    const { a, b, id, conflict } = await makeConflict(browser);
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await expect(conflict).toHaveCount(0);
    await expect
      .poll(async () => (await serverTraveler(b.page, id)).fullName, { timeout: 30_000 })
      .toBe('Thiết Bị B');
    const server = await serverTraveler(b.page, id);
    expect(server).toMatchObject({ fullName: 'Thiết Bị B', flightNo: 'VN123', version: 3 });
    await expect(b.page.getByTestId('stat-pendingSync')).toHaveText('0', { timeout: 20_000 });
    await expect(b.page.getByTestId('stat-unresolvedConflicts')).toHaveText('0');
    await a.context.close();
    await b.context.close();
  });

  test('server_wins keeps the server value and replaces B’s copy', async ({ browser }) => {
    const { a, b, id, conflict } = await makeConflict(browser);
    await conflict.getByRole('button', { name: 'Keep server version' }).click();
    await expect(conflict).toHaveCount(0);
    // The server's copy, stored sealed: its name is not in clear (docs/decisions/016-encryption-at-rest.md).
    await expect.poll(async () => (await localTraveler(b.page, id))?.version).toBe(2);
    expect(await localTraveler(b.page, id)).toMatchObject({ version: 2, syncStatus: 'synced' });
    expect((await localTraveler(b.page, id))?.fullName).toBeUndefined();
    await expect(b.page.getByTestId('stat-pendingSync')).toHaveText('0');
    // Nothing of B's edit reaches the server.
    await b.page.getByTestId('panel-force-sync').click();
    expect(await serverTraveler(b.page, id)).toMatchObject({
      fullName: 'Thiết Bị A',
      flightNo: null,
      version: 2,
    });
    await a.context.close();
    await b.context.close();
  });
});
