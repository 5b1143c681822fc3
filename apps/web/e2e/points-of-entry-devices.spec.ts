/**
 * Points of entry across devices (issue 32): two officers at two posts, each on a device of their
 * own (two browser contexts), hold only their own post's travellers, online and offline; a
 * transfer takes a traveller from one device to the other; a supervisor reads the post's report,
 * an analyst the province's; an admin is asked at which post a traveller is registered. Every
 * screen visited names the current post (or the analyst's area) in the top bar.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAs, openList, waitForServiceWorker } from './helpers.ts';
import { api } from './lifecycle-helpers.ts';
import { addTraveler, pickCountry, rowOf, uniq } from './travelers-helpers.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

const HAN = 'HAN · Noi Bai International Airport';
const SGN = 'SGN · Tan Son Nhat International Airport';

/** Today on this machine (the reports screen asks the device's today). */
const today = () => new Date().toLocaleDateString('en-CA');
const passport = () => `P${uniq()}${String(Date.now()).slice(-4)}`;
/** A name part of letters only: the quick search reads text with a digit as a passport number. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** The top bar names the post (an officer's chip, or an admin's switcher) or the analyst's area. */
async function expectPost(page: Page, text: string) {
  await expect(page.getByTestId('current-post').or(page.getByTestId('post-switcher'))).toContainText(text);
}

/** Opens a screen in the running app (client-side, as a link does). */
async function goTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`**${path}`);
}

/** A device of its own (a browser context) with the account signed in, ready to work offline. */
async function device(browser: Browser, who: keyof typeof DEMO_ACCOUNTS, post: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, who);
  await waitForServiceWorker(page);
  await expectPost(page, post);
  return { context, page };
}

/** Starts a sync run now (the app syncs when the connection comes back). */
const syncNow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

/** A traveller registered through the API at the caller's post; returns its id. */
async function register(page: Page, fullName: string): Promise<string> {
  const id = await page.evaluate(() => crypto.randomUUID());
  const saved = await api<{ id?: string }>(page, '/api/travelers', {
    method: 'POST',
    body: { id, fullName, passportNo: passport(), nationality: 'JP', entryDate: today() },
  });
  expect(saved.id).toBe(id);
  return id;
}

/** The list, searched for `tag`, shows `own` and not `others`. */
async function holdsOnly(page: Page, tag: string, own: string, others: string[]) {
  await page.getByTestId('quick-search').fill(tag);
  await expect(rowOf(page, own)).toBeVisible({ timeout: 30_000 });
  for (const other of others) await expect(rowOf(page, other)).toHaveCount(0);
}

test('two officers at two posts on two devices hold their own post’s travellers; a transfer moves one across', async ({
  browser,
}) => {
  // Two devices at once, 30-38 s beside another worker.
  test.setTimeout(150_000);
  const tag = letters();
  const [han, sgn] = await Promise.all([device(browser, 'officer', 'HAN'), device(browser, 'test', 'SGN')]);
  const atHan = `Han ${tag}`;
  const atSgn = `Sgn ${tag}`;
  await register(han.page, atHan);
  await register(sgn.page, atSgn);

  // Online: each device pulls its own post's traveller, never the other's.
  await Promise.all([syncNow(han.page), syncNow(sgn.page)]);
  await holdsOnly(han.page, tag, atHan, [atSgn]);
  await holdsOnly(sgn.page, tag, atSgn, [atHan]);

  // Offline (a reload served by the service worker): the same, and the top bar still names the post.
  await Promise.all([han.context.setOffline(true), sgn.context.setOffline(true)]);
  for (const [{ page }, post, own, other] of [
    [han, 'HAN', atHan, atSgn],
    [sgn, 'SGN', atSgn, atHan],
  ] as const) {
    await page.reload();
    await expectPost(page, post);
    await holdsOnly(page, tag, own, [other]);
  }

  // A traveller registered offline is only on this device: it cannot be transferred before a sync.
  const offline = `Han offline ${tag}`;
  await addTraveler(han.page, { fullName: offline, passportNo: passport(), nationality: 'KR' });
  await han.page.getByTestId('quick-search').fill(tag);
  await expect(rowOf(han.page, offline).getByTestId('traveler-sync')).toHaveAttribute('data-sync', 'pending');
  await rowOf(han.page, offline).getByTestId('action-view').click();
  await expect(han.page.getByTestId('details-post')).toContainText('HAN');
  await expect(han.page.getByTestId('details-transfer')).toBeDisabled();
  await expect(han.page.getByTestId('details-transfer-sync-first')).toHaveText(
    'Sync this traveller first: the server does not have them yet, so they cannot be transferred.',
  );
  await han.page.getByTestId('details-close').click();

  await Promise.all([han.context.setOffline(false), sgn.context.setOffline(false)]);
  await syncNow(han.page);
  await expect(rowOf(han.page, offline).getByTestId('traveler-sync')).toHaveCount(0, { timeout: 30_000 });

  // The transfer: HAN's device lets the traveller go with its next sync, SGN's receives them.
  await rowOf(han.page, atHan).getByTestId('action-view').click();
  await han.page.getByTestId('details-transfer').click();
  const dialog = han.page.getByTestId('transfer-dialog');
  await dialog.getByLabel('Transfer to').selectOption({ label: SGN });
  await dialog.getByLabel('Reason').fill('Continues the journey through Ho Chi Minh City');
  await dialog.getByTestId('transfer-submit').click();
  await expect(han.page.getByTestId('transfer-done')).toContainText(`${atHan} was transferred to ${SGN}.`);
  await han.page.getByTestId('transfer-close').click();
  await expect(rowOf(han.page, atHan)).toHaveCount(0, { timeout: 30_000 });
  await expect(rowOf(han.page, offline)).toBeVisible();
  await expectPost(han.page, 'HAN');

  await syncNow(sgn.page);
  await expect(rowOf(sgn.page, atHan)).toBeVisible({ timeout: 30_000 });
  // That pull came after HAN's device pushed its offline traveller: it stayed at HAN.
  await expect(rowOf(sgn.page, offline)).toHaveCount(0);
  await rowOf(sgn.page, atHan).getByTestId('action-view').click();
  await expect(sgn.page.getByTestId('details-post')).toContainText('SGN');
  await expectPost(sgn.page, 'SGN');
  await Promise.all([han.context.close(), sgn.context.close()]);
});

/** A bearer header of a demo account, signed in through the API. */
async function bearer(request: APIRequestContext, who: keyof typeof DEMO_ACCOUNTS) {
  const res = await request.post('/api/auth/login', { data: DEMO_ACCOUNTS[who] });
  const { token }: { token: string } = await res.json();
  return { authorization: `Bearer ${token}` };
}

/** A traveller arriving on `date`, registered through the API (at `entryPostId` for an admin). */
async function arrival(
  request: APIRequestContext,
  headers: Record<string, string>,
  date: string,
  entryPostId?: string,
) {
  const data = {
    id: randomUUID(),
    fullName: `Report ${letters()}`,
    passportNo: passport(),
    nationality: 'JP',
    entryDate: date,
    ...(entryPostId ? { entryPostId } : {}),
  };
  const created = await request.post('/api/travelers', { headers, data });
  expect(created.status(), await created.text()).toBe(201);
}

/** The day's arrivals as the caller's report counts them. */
async function arrivalsOf(request: APIRequestContext, headers: Record<string, string>, date: string) {
  const report: { arrivals: number } = await (
    await request.get(`/api/reports/daily?date=${date}`, { headers })
  ).json();
  return report.arrivals;
}

test('a supervisor reads the post’s report, an analyst the province’s', async ({ browser, request }) => {
  const date = today();
  // A second post in HAN's province (Hà Nội), and arrivals today at HAN, at it and at SGN.
  const admin = await bearer(request, 'admin');
  const code = `V${letters()}`;
  const name = { vi: 'Sân bay Gia Lâm', en: 'Gia Lam Airport', ja: 'ザーラム空港' };
  const created = await request.post('/api/posts', {
    headers: admin,
    data: { code, name, kind: 'airport', province: 'Hà Nội', timeZone: 'Asia/Ho_Chi_Minh' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { post }: { post: { id: string } } = await created.json();
  await arrival(request, admin, date, post.id);
  const officer = await bearer(request, 'officer');
  const sgnOfficer = await bearer(request, 'test');
  await arrival(request, officer, date);
  await arrival(request, sgnOfficer, date);
  const atHan = await arrivalsOf(request, officer, date);
  expect(await arrivalsOf(request, sgnOfficer, date)).toBeGreaterThan(0);

  // The supervisor over HAN: HAN's figures, no post to pick.
  const supervisor = await browser.newPage();
  await loginAs(supervisor, 'supervisor');
  await expectPost(supervisor, 'HAN');
  await goTo(supervisor, '/dashboard');
  await expectPost(supervisor, 'HAN');
  await goTo(supervisor, '/reports');
  await expectPost(supervisor, 'HAN');
  await expect(supervisor.getByTestId('report-arrivals')).toHaveText(String(atHan));
  await expect(supervisor.getByTestId('report-post')).toHaveCount(0);
  await supervisor.close();

  // The analyst of Hà Nội: the province's posts (not SGN), rolled up or one by one.
  const analyst = await browser.newPage();
  await loginAs(analyst, 'analyst');
  await expectPost(analyst, 'Hà Nội');
  await goTo(analyst, '/reports');
  await expectPost(analyst, 'Hà Nội');
  const filter = analyst.getByTestId('report-post');
  await expect(filter.locator('option')).toHaveText(['All posts', HAN, `${code} · ${name.en}`]);
  await expect(analyst.getByTestId('report-arrivals')).toHaveText(String(atHan + 1));
  await filter.selectOption({ label: HAN });
  await expect(analyst.getByTestId('report-arrivals')).toHaveText(String(atHan));
  await filter.selectOption({ label: `${code} · ${name.en}` });
  await expect(analyst.getByTestId('report-arrivals')).toHaveText('1');
  await analyst.close();
});

test('an admin switches post in the top bar and is asked at which post a traveller is registered', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  const name = `Admin ${letters()}`;
  await page.getByTestId('traveler-add').click();
  const form = page.getByTestId('traveler-form');
  const post = form.getByTestId('field-entryPostId');
  // The session's post is only the first open one: the form does not pick it.
  await expect(post).toHaveValue('');
  await form.locator('[name="fullName"]').fill(name);
  await form.locator('[name="passportNo"]').fill(passport());
  await pickCountry(page, 'field-nationality', 'JP');
  await form.locator('[name="gender"]').selectOption('female');
  await form.locator('[name="flightNo"]').fill('VN123');
  await form.locator('[name="origin"]').selectOption('NRT');
  await form.locator('[name="destination"]').selectOption('HAN');
  await page.getByTestId('traveler-save').click();
  await expect(post).toHaveAttribute('aria-invalid', 'true');
  await post.selectOption({ label: SGN });
  await page.getByTestId('traveler-save').click();
  await page.getByTestId('saved-no').click();
  await page.getByTestId('quick-search').fill(name);
  await rowOf(page, name).getByTestId('action-view').click();
  await expect(page.getByTestId('details-post')).toContainText('SGN');
  await page.getByTestId('details-close').click();

  // The switcher works: the admin now works at HUN, and the form fills it in.
  await page.getByTestId('post-switcher').click();
  await page.getByTestId('switch-post-HUN').click();
  await expectPost(page, 'HUN');
  await goTo(page, '/dashboard');
  await expectPost(page, 'HUN');
  await openList(page);
  await page.getByTestId('traveler-add').click();
  await expect(post.locator('option:checked')).toHaveText('HUN · Huu Nghi Border Gate');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('traveler-form')).toHaveCount(0);
});
