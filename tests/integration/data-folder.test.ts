// The embedded default on disk, as a host runs it (`npm run backend`, `npm run dev`), one real
// process at a time or two on purpose:
// - one owner per data folder: a second backend (or `npm run dev`) on the same folder exits
//   non-zero before it touches the database, naming the running one's pid and URL;
// - kill -9 during bursts of writes from several clients, several rounds: every acknowledged
//   write is there after the restart (and the stale lock is taken over with a log line);
// - SIGTERM: requests in flight finish or fail cleanly, exit 0, lock released, nothing lost;
// - a damaged folder fails to start with a clear message and what to do, never a WebAssembly
//   abort trace and never a silent re-initialisation.
// A template folder (migrated, no seeds; the cached snapshot unpacked, as a first start leaves a
// folder) is made once and copied for each case.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../backend/db/lock';
import { migratedDataFolder } from '../helpers/backend';
import { burst, freePort, labelNames, spawnBackend, type BackendProcess } from '../helpers/processes';

const ROOT = path.resolve(__dirname, '../..');
let base: string;
let template: string;
const running: BackendProcess[] = [];

function copyOfTemplate(name: string): string {
  const dir = path.join(base, name);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

async function start(dir: string): Promise<BackendProcess & { url: string }> {
  const b = spawnBackend(dir);
  running.push(b);
  return Object.assign(b, { url: await b.ready });
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-folder-'));
  template = await migratedDataFolder(path.join(base, 'template'));
}, 120_000);

afterAll(() => {
  for (const b of running) if (b.proc.exitCode === null && b.proc.signalCode === null) b.proc.kill('SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
});

describe('one owner per data folder', () => {
  it('refuses a second backend and `npm run dev` on a folder in use, naming the running pid and URL; SIGTERM is clean', async () => {
    const dir = copyOfTemplate('owned');
    const first = await start(dir);

    const second = spawnBackend(dir);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output).toContain(`in use by another backend (pid ${first.proc.pid}, ${first.url}`);
    // It stopped before opening the database (that line comes right after the open).
    expect(second.output).not.toContain('database: embedded PGlite');

    const [port, webPort] = [await freePort(), await freePort()];
    const dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: ROOT,
      env: { ...process.env, NHOST_DATA_DIR: dir, PORT: String(port), WEB_PORT: String(webPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let devOutput = '';
    dev.stdout.on('data', (c: Buffer) => (devOutput += c.toString()));
    dev.stderr.on('data', (c: Buffer) => (devOutput += c.toString()));
    const devCode = await new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
    expect(devCode).toBe(1);
    expect(devOutput).toContain(`in use by another backend (pid ${first.proc.pid}, ${first.url}`);
    expect(devOutput).not.toMatch(/\[(web|backend)\]/);

    // SIGTERM while clients write: every request either answered or refused, exit 0, lock gone.
    const writers = burst(first.url, 4, 'term');
    await writers.acknowledgedAtLeast(20);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await writers.stop();
    expect(first.output).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(writers.acknowledged.length).toBeGreaterThan(0);

    const again = await start(dir);
    expect(again.output).not.toContain('took over the lock');
    const names = await labelNames(again.url);
    expect(writers.acknowledged.filter((n) => !names.has(n))).toEqual([]);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});

describe('crash safety', () => {
  it('keeps every acknowledged write through kill -9 during concurrent bursts, round after round', async () => {
    const dir = copyOfTemplate('killed');
    const acknowledged: string[] = [];
    const ROUNDS = 3;
    let b = await start(dir);
    for (let round = 0; round < ROUNDS; round++) {
      const writers = burst(b.url, 4, `kill${round}`);
      // Killed mid-burst: after some writes were acknowledged, while more are in flight.
      await writers.acknowledgedAtLeast(20 + 20 * round);
      b.proc.kill('SIGKILL');
      expect(await b.exited).toBe('SIGKILL');
      await writers.stop();
      expect(writers.acknowledged.length).toBeGreaterThan(0);
      acknowledged.push(...writers.acknowledged);

      b = await start(dir);
      expect(b.output).toContain(`took over the lock of ${dir}`);
      const names = await labelNames(b.url);
      expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    }
    b.proc.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 180_000);
});

describe('a damaged data folder', () => {
  const cases: Array<[string, (pglite: string) => void, RegExp]> = [
    ['an empty pglite/', (p) => {
      fs.rmSync(p, { recursive: true });
      fs.mkdirSync(p);
    }, /folder is empty/],
    ['a truncated pg_control', (p) => fs.truncateSync(path.join(p, 'global', 'pg_control'), 100), /PGlite could not start on it/],
    ['truncated WAL files', (p) => {
      for (const f of fs.readdirSync(path.join(p, 'pg_wal'))) if (/^[0-9A-F]{24}$/.test(f)) fs.truncateSync(path.join(p, 'pg_wal', f), 0);
    }, /PGlite could not start on it/],
    ['a folder from an incompatible PGlite', (p) => fs.writeFileSync(path.join(p, 'PG_VERSION'), '17\n'), /written by PostgreSQL 17/],
  ];
  it.each(cases)('%s: refuses with what to do, no abort trace, nothing re-initialised', async (name, damage, reason) => {
    const dir = copyOfTemplate(`damaged-${name.replace(/\W+/g, '-')}`);
    const pglite = path.join(dir, 'pglite');
    damage(pglite);
    const listing = () => fs.readdirSync(pglite).sort().join(',') + (fs.existsSync(path.join(pglite, 'PG_VERSION')) ? fs.readFileSync(path.join(pglite, 'PG_VERSION'), 'utf8') : '');
    const before = listing();
    const b = spawnBackend(dir);
    running.push(b);
    expect(await b.exited).toBe(1);
    expect(b.output).toContain(`the embedded database in ${pglite} cannot be opened`);
    expect(b.output).toMatch(reason);
    expect(b.output).toContain('npm run restore -- --in');
    expect(b.output).not.toMatch(/RuntimeError|Aborted\(|wasm:\/\/|at .*\.js:\d+/);
    expect(listing()).toBe(before);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 30_000);
});
