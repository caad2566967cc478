// Run by `npm run test:e2e` before Playwright: makes sure a Chromium is there to drive, so the
// README's `npm test` passes on a fresh machine by itself. Found (scripts/browser.ts): nothing
// to do, except that a full system Chromium on Debian, as root, gets the lighter headless shell
// beside it when the package installs (the tests then run on it; no harm if it does not).
// Otherwise it installs one: Playwright's own build (`npx playwright install chromium`, which
// brings its headless shell) where its download is reachable, else Debian's
// `chromium-headless-shell` package (or `chromium`) when running as root on Debian (apt-get);
// else it stops with what to do.
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

const onDebianAsRoot = () => fs.existsSync('/etc/debian_version') && process.getuid?.() === 0;

/** apt-get install, with the package lists updated first only when the install needs it. */
function aptInstall(pkg: string): boolean {
  return tryRun('apt-get', ['install', '-y', '-q', pkg], 10 * 60_000) || (tryRun('apt-get', ['update', '-q'], 10 * 60_000) && tryRun('apt-get', ['install', '-y', '-q', pkg], 10 * 60_000));
}

function main(): number {
  if (process.env.CHROMIUM_PATH && !findChromium(process.env, 'tests')) {
    console.error(`[browser] CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file. Point it at a Chromium or Chrome, or unset it.`);
    return 1;
  }
  const found = findChromium(process.env, 'tests');
  if (found?.source === 'system' && !found.headlessShell && onDebianAsRoot()) {
    say(`${found.path} is the full browser: adding Debian's chromium-headless-shell, lighter for tests`);
    const shell = aptInstall('chromium-headless-shell') ? findChromium(process.env, 'tests') : undefined;
    if (shell?.headlessShell) {
      say(`${shell.path} (${shell.source}, headless shell)`);
      return 0;
    }
    say(`no headless shell: the tests run on ${found.path}`);
  }
  if (found) {
    say(`${found.path} (${found.source}${found.headlessShell ? ', headless shell' : ''})`);
    return 0;
  }
  say('no Chromium found (CHROMIUM_PATH, the system\'s, Playwright\'s own): installing one');
  if (tryRun('npx', ['--no-install', 'playwright', 'install', 'chromium'], 10 * 60_000) && findChromium(process.env, 'tests')) {
    say(`installed Playwright's Chromium: ${findChromium(process.env, 'tests')!.path}`);
    return 0;
  }
  if (onDebianAsRoot()) {
    say("Playwright's download is not reachable here: installing Debian's chromium-headless-shell package");
    if ((aptInstall('chromium-headless-shell') || aptInstall('chromium')) && findChromium(process.env, 'tests')) {
      say(`installed ${findChromium(process.env, 'tests')!.path}`);
      return 0;
    }
  }
  console.error(
    [
      '[browser] Could not find or install a Chromium for the end-to-end tests.',
      '  Any one of these fixes it:',
      '  - npx playwright install chromium            (downloads Playwright\'s build)',
      '  - sudo apt-get install chromium-headless-shell (Debian: the system package; or chromium)',
      '  - CHROMIUM_PATH=/path/to/chrome npm test      (use a Chromium or Chrome you have)',
    ].join('\n'),
  );
  return 1;
}

process.exit(main());
