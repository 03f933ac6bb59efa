import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end tests against the real server binary (see global-setup.ts), in
 * Debian's Chromium (no Playwright browser download). Run: npm --prefix frontend run e2e
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // One retry: a journey that passes only on its second try is listed as "flaky" in the
  // report (a defect to fix), while one timing blip in a long run does not fail it.
  retries: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  outputDir: '../../frontend/test-results',
  use: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } },
  ],
});
