// The smoke flow every engine runs, written once against the small driver interface of
// firefox.mjs and webkit.mjs: what an officer relies on at the counter, checked in the page and,
// for the server's side, through the API.
//
// Driver: { label, goto(url), reload(), run(fn, ...args) (fn runs in the page; its value comes
// back as JSON), click(css), type(css, text), select(css, value), setOnline(boolean),
// serverStopsOffline (true where "offline" is the server stopped), problems() }

/** The three demo travellers the server seeds on an empty database (modules/travelers/seed.ts). */
const SEEDED = ['Nguyễn Văn An', 'John Smith', 'Tanaka Yuki'];
const OFFICER = { email: 'inspector@demo.vn', password: 'Inspector@123' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records CSP violations and page errors in sessionStorage (kept across reloads in the tab). */
export function installProbe() {
  if (Reflect.get(window, '__smokeProbe')) return;
  Reflect.set(window, '__smokeProbe', true);
  const note = (text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem('engines-smoke-problems') ?? '[]');
      list.push(`${text} (on ${location.pathname})`);
      sessionStorage.setItem('engines-smoke-problems', JSON.stringify(list));
    } catch {
      // no storage for this document (about:blank): nothing of the app runs there
    }
  };
  document.addEventListener('securitypolicyviolation', (e) =>
    note(
      `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
    ),
  );
  window.addEventListener('error', (e) => note(`page error: ${e.message} at ${e.filename}:${e.lineno}`));
  window.addEventListener('unhandledrejection', (e) =>
    note(
      `unhandled rejection: ${e.reason instanceof Error ? `${e.reason.name}: ${e.reason.message}` : String(e.reason)}`,
    ),
  );
}

/** What the probe recorded in this tab so far. */
export const readProbe = () => JSON.parse(sessionStorage.getItem('engines-smoke-problems') ?? '[]');

/**
 * Polls `fn` in the page until it returns something truthy; fails naming `what` and the last
 * answer (or error) after `timeoutMs`.
 */
async function waitFor(d, what, timeoutMs, fn, ...args) {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < deadline) {
    try {
      const value = await d.run(fn, ...args);
      if (value) return value;
      last = `last answer: ${JSON.stringify(value)}`;
    } catch (e) {
      last = `last error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    }
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (${last ?? 'never asked'})`);
}

/** Polls the API until `check(answer)` holds; fails with the last answer. */
async function waitForApi(what, timeoutMs, ask, check) {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < deadline) {
    last = await ask();
    if (check(last)) return last;
    await sleep(500);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (last answer ${JSON.stringify(last)})`);
}

const pathIs = (path) => location.pathname === path;

/** Whether the list row of the traveller `name` is there with sync state `state` ('none': synced). */
function rowSyncIs(name, state) {
  const row = [...document.querySelectorAll('[data-testid="traveler-row"]')].find((r) =>
    r.textContent?.includes(name),
  );
  if (!row) return false;
  return (row.querySelector('[data-testid="traveler-sync"]')?.getAttribute('data-sync') ?? 'none') === state;
}

/**
 * Picks a country in a country combobox by typing its code and clicking its option once the list
 * is filtered to it and stands still: the whole list shows on focus, and the popover moves (above
 * the field for the long list, below it for the short one) a moment after the filtering, which
 * can take the option away from under a click aimed at where it was.
 */
async function pickCountry(d, testId, code) {
  await d.type(`[data-testid="${testId}"] [role="combobox"]`, code);
  const option = `[data-testid="${testId}-options"] [role="option"][data-code="${code}"]`;
  await waitFor(
    d,
    `the ${code} option among a few in ${testId}, in place`,
    10_000,
    async (list, wanted) => {
      const count = document.querySelectorAll(`${list} [role="option"]`).length;
      const box = document.querySelector(wanted)?.getBoundingClientRect();
      if (!box || count >= 20) return null;
      await new Promise((resolve) => setTimeout(resolve, 150));
      const again = document.querySelector(wanted)?.getBoundingClientRect();
      return again && again.top === box.top && again.left === box.left ? 'still' : null;
    },
    `[data-testid="${testId}-options"]`,
    option,
  );
  await d.click(option);
  await waitFor(
    d,
    `${testId} holds ${code}`,
    5000,
    (id, c) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-value') === c,
    testId,
    code,
  );
}

/**
 * Runs the flow; `step(name, fn)` times and names each step. `api` reads the server as the admin.
 */
export async function smokeFlow({ d, base, api, step }) {
  const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
  const name = `Smoke ${d.label} ${suffix}`;
  const passportNo = `SM${suffix}${String(Date.now()).slice(-3)}`;
  const onServer = () => api.get(`/api/travelers?passportNo=${passportNo}&pageSize=10`);

  await step('sign in as the officer', async () => {
    await d.goto(`${base}/login`);
    await d.type('#login-email', OFFICER.email);
    await d.type('#login-password', OFFICER.password);
    await d.click('form[data-testid="login-form"] button[type="submit"]');
    await waitFor(d, 'the dashboard after signing in', 30_000, pathIs, '/dashboard');
  });

  await step('the list shows the seeded travellers', async () => {
    await d.click('[data-testid="app-title"]');
    await waitFor(d, 'the traveller list', 10_000, pathIs, '/entry-management');
    await waitFor(
      d,
      `rows for ${SEEDED.join(', ')}`,
      30_000,
      (names) => {
        const rows = [...document.querySelectorAll('[data-testid="traveler-row"]')].map((r) => r.textContent);
        return names.every((n) => rows.some((text) => text?.includes(n)));
      },
      SEEDED,
    );
  });

  await step('the service worker controls the page', () =>
    waitFor(d, 'an activated service worker controlling the page', 30_000, async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    }),
  );

  await step(`offline (${d.serverStopsOffline ? 'server stopped' : 'network emulation'})`, () =>
    d.setOnline(false),
  );

  await step('add a traveller offline: shown as pending', async () => {
    await d.click('[data-testid="traveler-add"]');
    const form = '[data-testid="traveler-form"]';
    await d.type(`${form} [name="fullName"]`, name);
    await d.type(`${form} [name="passportNo"]`, passportNo);
    await pickCountry(d, 'field-nationality', 'KR');
    await d.select(`${form} [name="gender"]`, 'female');
    await d.type(`${form} [name="flightNo"]`, 'VN123');
    await d.select(`${form} [name="origin"]`, 'NRT');
    await d.select(`${form} [name="destination"]`, 'HAN');
    await d.click('[data-testid="traveler-save"]');
    await d.click('[data-testid="saved-no"]');
    await waitFor(d, `${name} in the list as pending`, 10_000, rowSyncIs, name, 'pending');
  });

  await step('reload while offline: unlock, still there, still pending', async () => {
    await d.reload();
    // A page load starts locked (docs/decisions/016-encryption-at-rest.md): the officer's password
    // opens the device's data again, offline too.
    await waitFor(d, 'the unlock screen after the reload', 30_000, () =>
      Boolean(document.querySelector('[data-testid="unlock-screen"]')),
    );
    await d.type('[data-testid="unlock-password"]', OFFICER.password);
    await d.click('[data-testid="unlock-submit"]');
    await waitFor(
      d,
      'the device unlocked',
      30_000,
      () => !document.querySelector('[data-testid="unlock-screen"]'),
    );
    await waitFor(d, `${name} pending after the reload`, 30_000, rowSyncIs, name, 'pending');
    if (!d.serverStopsOffline) {
      const answer = await onServer();
      if (answer.body?.total !== 0) {
        throw new Error(`the server has the traveller while offline: ${JSON.stringify(answer)}`);
      }
    }
  });

  let travelerId = '';
  await step('back online: synced, exactly one row on the server', async () => {
    await d.setOnline(true);
    // Nothing nudges the app: it must notice the network by itself (online event, a request
    // that reaches the server, its timers).
    await waitFor(d, `${name} synced (no pending badge)`, 60_000, rowSyncIs, name, 'none');
    const answer = await waitForApi(
      `${passportNo} on the server`,
      10_000,
      onServer,
      (a) => a.body?.total >= 1,
    );
    const rows = answer.body.items.filter((t) => t.passportNo === passportNo);
    if (answer.body.total !== 1 || rows.length !== 1 || rows[0].fullName !== name) {
      throw new Error(`expected exactly one ${name} on the server, got ${JSON.stringify(answer.body)}`);
    }
    travelerId = rows[0].id;
  });

  await step('a health declaration is saved', async () => {
    await d.click(`[data-testid="traveler-row"][data-id="${travelerId}"] [data-testid="action-declaration"]`);
    const form = '[data-testid="declaration-form"]';
    await waitFor(
      d,
      'the declaration form with the traveller',
      15_000,
      (f, n) => document.querySelector(`${f} input[name="fullName"]`)?.value === n,
      form,
      name,
    );
    await d.type(`${form} input[name="phone"]`, '0912345678');
    await d.type(`${form} input[name="bodyTemperature"]`, '36.6');
    await d.select(`${form} select[name="vaccinationStatus"]`, 'full');
    await d.click(`${form} input[name="commitment"]`);
    await d.click(`${form} button[type="submit"]`);
    await waitFor(d, 'the declaration result', 15_000, () =>
      document.querySelector('[data-testid="declaration-result"]')?.getAttribute('data-level'),
    );
    const declaration = await waitForApi(
      'the declaration on the server',
      45_000,
      () => api.get(`/api/health-declarations/${travelerId}`),
      (a) => a.status === 200,
    );
    if (declaration.body?.passportNumber !== passportNo) {
      throw new Error(`the server's declaration is not the traveller's: ${JSON.stringify(declaration.body)}`);
    }
  });

  await step('the pre-arrival form submits', async () => {
    await d.goto(`${base}/pre-arrival`);
    const form = '[data-testid="pre-arrival-form"]';
    await d.type(`${form} [name="fullName"]`, `Pre ${name}`);
    await d.type(`${form} [name="passportNumber"]`, `PA${suffix}`);
    await pickCountry(d, 'trip-nationality', 'JP');
    await d.type(`${form} [name="phone"]`, '0987654321');
    await d.type(`${form} [name="bodyTemperature"]`, '36.8');
    await d.select(`${form} [name="vaccinationStatus"]`, 'full');
    await d.click(`${form} input[name="commitment"]`);
    // The privacy notice's consent (issue 33 point 7): nothing is sent without it.
    await d.click('[data-testid="privacy-consent"] input[name="consent"]');
    await d.click('[data-testid="pre-arrival-submit"]');
    await waitFor(d, 'the QR code and the reference code from the server', 20_000, () =>
      document.querySelector('[data-testid="pre-arrival-code"]')?.textContent?.trim(),
    );
  });

  await step('still exactly one row on the server; no CSP violation, no page error', async () => {
    const answer = await onServer();
    if (answer.body?.total !== 1) throw new Error(`the server now has ${JSON.stringify(answer.body)}`);
    const problems = await d.problems();
    if (problems.length > 0) throw new Error(`the page reported:\n  ${problems.join('\n  ')}`);
  });
}
