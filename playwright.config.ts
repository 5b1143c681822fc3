import { defineConfig } from '@playwright/test';
import { makeTestCertificate } from './apps/server/src/test/fake-push-service.ts';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server
// on a fresh PGlite data directory, serving the built PWA.
// Two workers, each with a server and database of its own (ports E2E_PORT and the next one):
// the spec files of one worker run in turn on its server, as all of them did on one server, and
// the two workers' files never share a database. E2E_WORKERS=1 runs them all on one server.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3199);
// In a worker process (TEST_PARALLEL_INDEX set before it loads this file): that worker's server.
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// A fake browser push service (e2e/push-notifications.spec.ts starts it on this port): the
// server trusts its throwaway certificate and allows its origin. Made once here, in the
// runner, and handed to the test workers through the environment they inherit.
process.env.E2E_PUSH_PORT ??= String(firstPort + 1000);
process.env.E2E_PUSH_CERT ??= JSON.stringify(makeTestCertificate());
const pushCertificate: { certFile: string } = JSON.parse(process.env.E2E_PUSH_CERT);

export default defineConfig({
  testDir: './apps/web/e2e',
  // Two workers on two cores take about twice as long a test as one alone (the frame's axe pass
  // at 390 px: 39 s), so a test has 90 s unless it says more.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    serviceWorkers: 'allow',
  },
  webServer: Array.from({ length: workers }, (_, i) => {
    const p = firstPort + i;
    const dataDir = `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-${p}`;
    return {
      command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${p}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(p),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_EXTRA_CA_CERTS: pushCertificate.certFile,
        PUSH_ENDPOINT_ALLOW: `https://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      },
    };
  }),
});
