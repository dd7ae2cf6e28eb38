import { defineConfig } from '@playwright/test';

// Journeys run against the real built server that e2e/run.mjs starts; BASE_URL tells them where.
const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './e2e-artifacts/test-results',
  fullyParallel: false,
  workers: 2,
  // Two workers, the server and Chromium share two cores. No retries: a journey that fails once has a
  // cause to find (a retry would hide a race); the generous timeout only covers a loaded machine, where the
  // longest back-office journeys (30 s alone) run slower beside a neighbour's screenshots and axe runs.
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium: nothing is downloaded.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // The server's CSP forbids inline scripts; axe-core is injected as one, so tests bypass it.
    bypassCSP: true,
    // A kept page would answer a journey's revisit before the server; returning-visit.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'off',
  },
});
