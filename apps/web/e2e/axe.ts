import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A/AA violations axe rates serious or critical on the page, one line each. */
export async function seriousViolations(page: Page) {
  // Colours are measured once fades and transitions end (endless ones, spinners, excepted): a
  // button mid-transition (the system status panel's settings as it appears) failed contrast at
  // 1280 px in a full run.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  // A transition that starts after that wait (sync ends and the download button is enabled again
  // while axe runs; seen on /pwa-settings in dark) is measured mid-way: transitions are switched
  // off for the measurement, each state shows its final colours at once. A constructed sheet,
  // which the app's CSP (style-src 'self') allows.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
