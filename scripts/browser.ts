// Which Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else the system's Chromium
// (Debian's /usr/bin/chromium and friends), else the one Playwright downloaded for itself.
// Shared by playwright.config.ts and scripts/ensure-browser.ts (run before Playwright by
// `npm run test:e2e`, which installs one when none is found).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

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
}

export function findChromium(env: Record<string, string | undefined> = process.env): FoundBrowser | undefined {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : undefined;
  const system = SYSTEM_CHROMIUMS.find(executable);
  if (system) return { path: system, source: 'system' };
  const own = playwrightChromium();
  return own ? { path: own, source: 'playwright' } : undefined;
}
