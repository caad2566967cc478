// End-to-end tests in Chromium against the real backend (fresh PGlite with demo data) and the
// built web app. `npm run test:e2e` first makes sure a Chromium is there (scripts/ensure-browser.ts:
// CHROMIUM_PATH, the system's, Playwright's own, or it installs one), then starts both servers
// through webServer.
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/browser';

// The system's headless shell when there is one (scripts/browser.ts: the same specs in ~25% less
// time than the full browser on 2 cores). Playwright's own download: no path, so Playwright takes
// its own headless shell for headless runs.
const BROWSER = findChromium(process.env, 'tests');
import { E2E_BACKEND_COMMAND, E2E_BACKEND_STARTED, E2E_BACKEND_URL, E2E_WEB_PORT as WEB_PORT, e2eBackendEnv, e2eWebEnv } from './scripts/e2e-web';

const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? 'test-results';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: OUTPUT_DIR,
  // Specs make their own data (their own units, bookings, dates, accommodation) and tests that
  // change what another counts take a named lock (`test.describe.configure({ lock })`, e.g.
  // inbox.spec.ts), so tests may run side by side on the one shared backend. Two at a time in the
  // headless shell: one worker kept only ~1.45 of 2 cores busy (four specs, 2026-11-28: 135 -> 108 s
  // with two; all 75 in 230 s at load 5-9 against 249 s with one at load 1.5-3.5). One in the full
  // browser, which kept ~1.8 cores busy alone (two measured no faster, README "Test time").
  // E2E_WORKERS=n overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? (BROWSER?.headlessShell ? 2 : 1)),
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  // A page's first look after a full load (a fresh context loads and compiles the app cold) can
  // take longer than Playwright's 5 s default on a loaded 2-core machine.
  expect: { timeout: 10_000 },
  use: {
    // As a visitor who asks for less motion (the theme honours it, src/lib/theme/theme.ts): no ripple,
    // spinner or transition frames to paint. Chromium's CPU on three specs (19 tests) fell from 240
    // to 204 s, on a machine with 2 cores shared by the browser, the web server and the backend.
    // accessibility.spec.ts checks both preferences; E2E_MOTION=full runs the specs with motion.
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    baseURL: `http://localhost:${WEB_PORT}`,
    // A trace of every test, kept when it fails: each action's DOM snapshot (the trace viewer shows the
    // page as it was) but not the screencast. The screencast's frames (painted by the GPU process,
    // encoded by the browser) doubled the browser's CPU and the time of a page walk on 2 cores
    // (cold signed-in loads of /accommodations plus three editor tabs, 5 runs: browser CPU 9.7 s
    // without a trace, 10.4 s with DOM snapshots, 19.2 s with the screencast, 22.2 s with both).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: BROWSER?.source === 'playwright' ? undefined : BROWSER?.path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Signs in once and saves the browser state for specs that start signed in.
    { name: 'setup', testMatch: /setup\/.*\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      // With the local NTAK and VIZA doubles and their portal on E2E_NTAK_PORT, E2E_VIZA_PORT and
      // E2E_PORTAL_PORT (scripts/e2e-backend.ts; the spec reads the same variables).
      command: E2E_BACKEND_COMMAND,
      url: E2E_BACKEND_URL,
      // `npm test` starts it while the production build runs (scripts/test.ts) and says so.
      reuseExistingServer: process.env[E2E_BACKEND_STARTED] === '1',
      // From the cached seeded snapshot in seconds; building that snapshot first (no Vitest run before)
      // takes initdb, migrations and demo data: over two minutes on a loaded 2-core machine.
      timeout: 300_000,
      env: e2eBackendEnv(),
    },
    {
      // E2E_SKIP_BUILD=1 reuses the last e2e build: `npm test` (scripts/test.ts) builds just before as
      // its own step, and quicker reruns while writing specs.
      command: process.env.E2E_SKIP_BUILD ? `next start -p ${WEB_PORT}` : `next build && next start -p ${WEB_PORT}`,
      url: `http://localhost:${WEB_PORT}`,
      reuseExistingServer: false,
      timeout: 600_000,
      env: e2eWebEnv(),
    },
  ],
});
