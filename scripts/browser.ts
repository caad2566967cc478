// Which Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else the system's Chromium
// (Debian's /usr/bin/chromium and friends), else the one Playwright downloaded for itself.
// For tests (`findChromium(env, 'tests')`) the system's headless shell comes first: Chromium's old
// headless mode, the build Playwright itself runs headless tests in. It draws no browser window
// machinery at all, so the same 74 specs took 249 s instead of ~330 s on CI's 2 cores (four specs,
// paired: 135 -> 110 s, the run's own CPU 58 -> 37 s; 2026-11-28, see README "Test time").
// Benchmarks keep the full browser (what a visitor runs).
// Shared by playwright.config.ts and scripts/ensure-browser.ts (run before Playwright by
// `npm run test:e2e`, which installs one when none is found).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's `chromium-headless-shell` package. */
export const SYSTEM_HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell'];
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Playwright's own Chromium, if `npx playwright install chromium` has put it in place. */
function playwrightChromium(): string | undefined {
  try {
    // Asked in a child process: loading playwright here would slow down the config's every load.
    const file = execFileSync(process.execPath, ['-e', "process.stdout.write(require('playwright').chromium.executablePath())"], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return file && executable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export interface FoundBrowser {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | 'playwright';
  /** True for a headless shell (no full browser behind it). */
  headlessShell: boolean;
}

/** 'tests': the end-to-end tests' browser, a headless shell when the system has one; 'browser': the full browser. */
export type BrowserUse = 'tests' | 'browser';

export function findChromium(env: Record<string, string | undefined> = process.env, use: BrowserUse = 'browser', shells: string[] = SYSTEM_HEADLESS_SHELLS): FoundBrowser | undefined {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH', headlessShell: /headless[-_]shell/.test(env.CHROMIUM_PATH) } : undefined;
  const shell = use === 'tests' ? shells.find(executable) : undefined;
  if (shell) return { path: shell, source: 'system', headlessShell: true };
  const system = SYSTEM_CHROMIUMS.find(executable);
  if (system) return { path: system, source: 'system', headlessShell: false };
  const own = playwrightChromium();
  return own ? { path: own, source: 'playwright', headlessShell: false } : undefined;
}
