import { defineConfig } from '@playwright/test';
import { makeTestCertificate } from './apps/server/src/test/fake-push-service.ts';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server
// on a fresh PGlite data directory, serving the built PWA.
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`;
// A fake browser push service (e2e/push-notifications.spec.ts starts it on this port): the
// server trusts its throwaway certificate and allows its origin. Made once here, in the
// runner, and handed to the test workers through the environment they inherit.
process.env.E2E_PUSH_PORT ??= String(port + 1000);
process.env.E2E_PUSH_CERT ??= JSON.stringify(makeTestCertificate());
const pushCertificate: { certFile: string } = JSON.parse(process.env.E2E_PUSH_CERT);

export default defineConfig({
  testDir: './apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    serviceWorkers: 'allow',
  },
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_EXTRA_CA_CERTS: pushCertificate.certFile,
      PUSH_ENDPOINT_ALLOW: `https://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
