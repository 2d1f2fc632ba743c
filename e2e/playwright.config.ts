import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(import.meta.dirname, '.artifacts');
const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests against the real server (fresh seeded PGlite) and the built web app, in Debian's
 * Chromium. The web app is built before the run (npm test), not here.
 */
export default defineConfig({
  testDir: path.join(import.meta.dirname, 'tests'),
  testMatch: '**/*.spec.ts',
  outputDir: path.join(artifacts, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(artifacts, 'results.json') }]],
  // A failing test keeps its screenshot and a trace (the page's DOM at each step, without the screencast);
  // recording every passing test's screencast and final screenshot made the suite about a third slower.
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: { mode: 'retain-on-failure', screenshots: false },
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
