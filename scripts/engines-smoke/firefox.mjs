// Firefox ESR from Debian, driven by puppeteer-core over WebDriver BiDi. Offline is Firefox's
// own network emulation (navigator.onLine turns false; after a reload made offline it fires no
// `online` when the network returns: the app must notice by itself).
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { installProbe, readProbe } from './flow.mjs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Why Firefox cannot run here, or null. */
export const firefoxMissing = () =>
  existsSync(FIREFOX) ? null : `no Firefox at ${FIREFOX} (apt-get install firefox-esr, or set FIREFOX_PATH)`;

const TIMEOUT = 15_000;

export async function openFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    timeout: 60_000,
  });
  try {
    // A page of our own: the tab Firefox opens with never gets focus events (React Aria's
    // combobox opens on focus), a new one does.
    const page = await browser.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
    // From the first script of every document on: CSP violations and errors at start-up count too.
    await page.evaluateOnNewDocument(installProbe);
    return {
      label: 'Firefox',
      version: await browser.version(),
      serverStopsOffline: false,
      goto: async (url) => {
        await page.goto(url, { waitUntil: 'load' });
      },
      reload: async () => {
        await page.reload({ waitUntil: 'load' });
      },
      run: (fn, ...args) => page.evaluate(fn, ...args),
      click: (css) => page.locator(css).setTimeout(TIMEOUT).click(),
      type: (css, text) => page.locator(css).setTimeout(TIMEOUT).fill(text),
      select: async (css, value) => {
        await page.locator(css).setTimeout(TIMEOUT).wait();
        await page.select(css, value);
      },
      setOnline: (online) => page.setOfflineMode(!online),
      problems: async () => [...(await page.evaluate(readProbe)), ...pageErrors],
      screenshot: (path) => page.screenshot({ path }),
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
