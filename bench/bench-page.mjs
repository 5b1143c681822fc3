// Opens the browser bench page (bench/browser/index.html) in a Chromium context and logs in from
// the page, as the app does, so the browser holds the refresh cookie too; the page's bench
// object (window.bench) then has the session; the token is returned for calls made from the page.
// Shared by the sync and fresh-device benches.
export async function openBenchPage(
  context,
  base,
  account = { email: 'admin@demo.vn', password: 'Admin@123' },
) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  const login = await page.evaluate(async (credentials) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return res.json();
  }, account);
  await page.evaluate(({ user, token }) => window.bench.login(user, token), login);
  return { page, token: login.token };
}
