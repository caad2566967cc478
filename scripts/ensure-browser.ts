// Run by `npm run test:e2e` before Playwright: makes sure a Chromium is there to drive, so the
// README's `npm test` passes on a fresh machine by itself. Found (scripts/browser.ts): nothing
// to do. Otherwise it installs one: Playwright's own build (`npx playwright install chromium`)
// where its download is reachable, else Debian's `chromium` package when running as root on
// Debian (apt-get); else it stops with what to do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './browser';

function say(line: string): void {
  console.log(`[browser] ${line}`);
}

function tryRun(cmd: string, args: string[], timeoutMs: number): boolean {
  say(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', timeout: timeoutMs, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

function main(): number {
  if (process.env.CHROMIUM_PATH && !findChromium()) {
    console.error(`[browser] CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file. Point it at a Chromium or Chrome, or unset it.`);
    return 1;
  }
  const found = findChromium();
  if (found) {
    say(`${found.path} (${found.source})`);
    return 0;
  }
  say('no Chromium found (CHROMIUM_PATH, the system\'s, Playwright\'s own): installing one');
  if (tryRun('npx', ['--no-install', 'playwright', 'install', 'chromium'], 10 * 60_000) && findChromium()) {
    say(`installed Playwright's Chromium: ${findChromium()!.path}`);
    return 0;
  }
  const debian = fs.existsSync('/etc/debian_version');
  const root = process.getuid?.() === 0;
  if (debian && root) {
    say("Playwright's download is not reachable here: installing Debian's chromium package");
    if (tryRun('apt-get', ['update', '-q'], 10 * 60_000) && tryRun('apt-get', ['install', '-y', '-q', 'chromium'], 10 * 60_000) && findChromium()) {
      say(`installed ${findChromium()!.path}`);
      return 0;
    }
  }
  console.error(
    [
      '[browser] Could not find or install a Chromium for the end-to-end tests.',
      '  Any one of these fixes it:',
      '  - npx playwright install chromium            (downloads Playwright\'s build)',
      '  - sudo apt-get install chromium               (Debian/Ubuntu: the system package)',
      '  - CHROMIUM_PATH=/path/to/chrome npm test      (use a Chromium or Chrome you have)',
    ].join('\n'),
  );
  return 1;
}

process.exit(main());
