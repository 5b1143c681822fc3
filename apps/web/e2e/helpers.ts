import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until a service worker is activated and controls the page (ready can resolve early).
 * Polled from the test side: page.waitForFunction does not await an async predicate (its
 * Promise counts as truthy at once).
 */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/** The demo accounts the server seeds on an empty database (README, issue 3). */
export const DEMO_ACCOUNTS = {
  officer: { email: 'inspector@demo.vn', password: 'Inspector@123' },
  admin: { email: 'admin@demo.vn', password: 'Admin@123' },
  test: { email: 'test@demo.vn', password: 'Test@1234' },
  /** Supervisor at HAN. */
  supervisor: { email: 'supervisor@demo.vn', password: 'Supervisor@123' },
  /** Analyst of HAN's province (Hà Nội): reads, writes nothing. */
  analyst: { email: 'analyst@demo.vn', password: 'Analyst@123' },
} as const;

/**
 * Logs in through the login form with a demo account, waits for the home screen (the
 * dashboard), then opens /entry-management in the app (client-side), where most specs start.
 */
export async function loginAs(
  page: Page,
  who: keyof typeof DEMO_ACCOUNTS,
  opts: { rememberMe?: boolean } = {},
) {
  const account = DEMO_ACCOUNTS[who];
  await page.goto('/login');
  await page.locator('#login-email').fill(account.email);
  await page.locator('#login-password').fill(account.password);
  if (opts.rememberMe) await page.locator('#login-remember').check();
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
  unlockWhenAsked(page, account.password);
  await openList(page);
  // The frame has rendered (its lazy chunks loaded, its effects such as the idle lock running):
  // a spec that drives the clock or reads the database next does not race its start.
  await page.getByTestId('user-menu').waitFor({ state: 'attached' });
}

/**
 * A page load starts locked (docs/decisions/016-encryption-at-rest.md): whenever the unlock screen
 * shows before an action or an assertion, it is answered with the account's password.
 */
export function unlockWhenAsked(page: Page, password: string) {
  void page.addLocatorHandler(page.getByTestId('unlock-screen'), async () => {
    await page.getByTestId('unlock-password').fill(password);
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('unlock-screen').waitFor({ state: 'detached' });
  });
}

/** Moves the running app's router to `path` as its links do (no page load: works offline too). */
async function pushRoute(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/** Opens the traveller list in the running app (client-side: works offline too). */
export async function openList(page: Page) {
  await pushRoute(page, '/entry-management');
}

/**
 * Opens `path` in the running app as its own links do (the router's history, no page load), and
 * waits until the screen is shown and the network has been quiet for half a second (its code and
 * its data loaded). A page load starts locked and unlocks with the password
 * (docs/decisions/016-encryption-at-rest.md), and `waitForLoadState('networkidle')` waits only
 * for a load: the tours of every screen go from screen to screen this way.
 */
export async function openInApp(page: Page, path: string) {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight++;
    last = Date.now();
  };
  const ended = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const before = new URL(page.url()).pathname;
    const title = await page.title();
    await pushRoute(page, path);
    // Each screen has a title of its own (app/title-updater.tsx): set once the router shows it.
    if (before !== path) await expect(page).not.toHaveTitle(title);
    // Requests under way before the listeners were added end uncounted: at most 0 is quiet.
    await expect
      .poll(() => inFlight <= 0 && Date.now() - last >= 500, { timeout: 30_000, intervals: [100] })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Logs in as the officer and waits until the service worker controls the page and the
 * traveller list has loaded (a table, or the empty line): where the offline specs start.
 */
export async function officerReadyOffline(page: Page) {
  await loginAs(page, 'officer');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('traveler-table').or(page.getByTestId('travelers-empty'))).toBeVisible();
}

/**
 * Writes records straight into the app's IndexedDB stores (Dexie tables) in one transaction, as a
 * pull or an offline edit would have left them; a row of an auto-numbered store (outbox,
 * conflicts) gets its id from the store.
 */
export async function putLocalRecords(
  page: Page,
  rows: { store: string; record: Record<string, unknown> }[],
) {
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onsuccess = () => {
          const tx = open.result.transaction([...new Set(rows.map((row) => row.store))], 'readwrite');
          for (const { store, record } of rows) tx.objectStore(store).put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    rows,
  );
}

/**
 * The changes waiting in the outbox. Rejects (never hangs) while the app has not made its
 * database yet: opened without a version, a missing database would be made empty here, and the
 * outbox store's absence threw inside the success handler, leaving the promise pending until the
 * test ran out of time (seen once in a full run of encryption-at-rest).
 */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('PWADatabase');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => reject(open.error ?? new Error('PWADatabase is not there'));
        open.onsuccess = () => {
          const db = open.result;
          try {
            const req = db.transaction('syncQueue', 'readonly').objectStore('syncQueue').count();
            req.onsuccess = () => {
              db.close();
              resolve(req.result);
            };
            req.onerror = () => {
              db.close();
              reject(req.error);
            };
          } catch (err) {
            db.close();
            reject(err);
          }
        };
      }),
  );

/** One record into one store (see putLocalRecords). */
export const putLocalRecord = (page: Page, store: string, record: Record<string, unknown>) =>
  putLocalRecords(page, [{ store, record }]);

/** Types or picks each value into its control, in order: a <select> gets selectOption, anything else fill. */
async function fillControls(controls: [control: Locator, value: string][]) {
  for (const [control, value] of controls) {
    const isSelect = await control.evaluate((element) => element.tagName === 'SELECT');
    await (isSelect ? control.selectOption(value) : control.fill(value));
  }
}

/** Fills the controls of `form` named by the keys (the `name` attribute). */
export const fillByName = (form: Locator, values: Record<string, string>) =>
  fillControls(Object.entries(values).map(([name, value]) => [form.locator(`[name="${name}"]`), value]));

/** Fills the controls of the page labelled by the keys. */
export const fillByLabel = (page: Page, values: Record<string, string>) =>
  fillControls(Object.entries(values).map(([label, value]) => [page.getByLabel(label), value]));

/**
 * The login's success alert, caught as it appears: it shows for a moment before the app moves on,
 * shorter than the gaps of expect's polling, so it is watched on every animation frame.
 */
export async function loginSuccessAlert(page: Page): Promise<{ text: string; mode: string }> {
  const handle = await page.waitForFunction(
    () => {
      const alert = document.querySelector('[data-testid="login-success"]');
      return alert
        ? { text: alert.textContent?.trim() ?? '', mode: alert.getAttribute('data-mode') ?? '' }
        : null;
    },
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  const seen = await handle.jsonValue();
  if (!seen) throw new Error('no login success alert');
  return seen;
}
