import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (Playwright cannot download browsers here): CHROMIUM_PATH, else its headless shell (Debian's
 * `chromium-headless-shell`, the build Playwright itself runs headless tests in), else the full browser. The same
 * engine; the full browser in headless mode also runs its own windows' pages: for the same pages it took twice the
 * CPU (28.4-28.9 s against 13.4-14.7 s for 12 page loads, bench/results/test-suite-times.md).
 */
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // A test's own bound. On a 2-core machine shared with other work (2026-11-30: load 10-12, the suite 40 min instead
  // of 12.5), the longest flows took 55-60 s and one ran past 60 s on its first try: 120 s leaves them room; a test
  // that needs more sets its own.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      grepInvert: /@clock|@alone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 } },
      grep: /@phone/,
      grepInvert: /@clock|@alone/,
    },
    // Tests that move the shared server's clock forward (POST /dev/clock) run alone, one at a time, after every
    // other test, so no OTP countdown or payment key of a test running beside them jumps ahead. So do tests that
    // change what every page shows for a while (@alone: the header's categories, the home page's slides), so no
    // test beside them reads or edits the catalog meanwhile.
    {
      name: 'clock',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      grep: /@clock|@alone/,
      // One at a time: each of them expects the clock to move only when it moves it.
      workers: 1,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    // The built storefront on the real API server, on a fresh embedded database with the demo catalog.
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(port) },
  },
});
