/**
 * The main screens at phone, tablet and desktop sizes, light and dark, in vi/en/ja: a
 * screenshot of each (under SHOTS_DIR, default test-results/shots, for a person to look at),
 * axe with no serious or critical violation, and a clean console (no error, no warning).
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { loginAs, openInApp } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
];
const SCREENS = (
  process.env.TOUR_SCREENS ?? '/entry-management,/health-declaration,/pwa-settings,/profile'
).split(',');
const LANGS = (process.env.TOUR_LANGS ?? 'vi,en,ja').split(',');

// Each language once, the themes taken in turn (vi light, en dark, ja light): every text and
// both themes are seen, and the a11y screens spec checks every signed-in screen in both themes.
// TOUR_ALL=1 takes every language in both themes.
const THEMES = ['light', 'dark'] as const;
for (const [i, lang] of LANGS.entries()) {
  for (const theme of process.env.TOUR_ALL === '1' ? THEMES : [THEMES[i % 2] ?? 'light']) {
    test(`main screens in ${lang}, ${theme}: screenshots, axe, console`, async ({ page }) => {
      test.setTimeout(180_000);
      const messages: string[] = [];
      const problems: string[] = [];
      page.on('console', (m) => {
        // A failed load is reported (with its address) by the response handler below.
        const failedLoad = m.text().startsWith('Failed to load resource');
        if ((m.type() === 'error' || m.type() === 'warning') && !failedLoad) {
          messages.push(`${page.url()} ${m.type()}: ${m.text()}`);
        }
      });
      // The push section (issue 16's) asks for a key the server only has when push is set up;
      // its 404 is that section's to fix and is left out here.
      const known = (text: string) => text.includes('/api/push/public-key');
      page.on('response', (r) => {
        if (r.status() >= 400 && !known(r.url()))
          messages.push(`${page.url()} HTTP ${r.status()} ${r.url()}`);
      });
      await page.addInitScript(
        ([l, t]) => {
          localStorage.setItem('theme', t);
          localStorage.setItem('app-locale', l);
        },
        [lang, theme] as const,
      );
      await page.setViewportSize(SIZES[0]!);
      await page.goto('/login');
      await page.screenshot({ path: `${SHOTS}/login-${lang}-${theme}-phone.png` });
      await loginAs(page, 'officer');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const path of SCREENS) {
          // As the app's links go (no page load, so no unlock, per screen).
          await openInApp(page, path);
          await expect(page.locator('main')).not.toBeEmpty();
          const name = path.slice(1).replaceAll('/', '-');
          await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${theme}-${size.name}.png` });
          for (const v of await seriousViolations(page)) problems.push(`${path} ${size.name}: ${v}`);
        }
      }
      expect(problems).toEqual([]);
      expect(messages).toEqual([]);
    });
  }
}
