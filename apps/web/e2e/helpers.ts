import type { Page } from '@playwright/test';

/** Waits until a service worker is activated and controls the page (ready can resolve early). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}
