// Where a Vitest run's CPU goes, file by file: with STAYDESK_TEST_CPU_LOG=<file>, each test file
// appends one JSON line with the CPU seconds spent from its import to its last hook, by its worker
// and by the processes the worker started (backends a test spawns, PostgreSQL servers, npm run
// dev), and its wall seconds. Wall time on a shared 2-core machine says more about the load than
// the file; CPU time is what a change to a file or a helper can cut. `npm run test:cpu` sums a log.
// Off by default (nothing is read or written). Listed first in every project's setupFiles, so its
// afterAll runs after every other (Vitest runs afterAll hooks in reverse order of registration).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

const LOG = process.env.STAYDESK_TEST_CPU_LOG;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in ticks. */
  own: number;
  /** cutime + cstime: the children it waited for, in ticks. */
  reaped: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields count from its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { pid: Number(text.slice(0, text.indexOf(' '))), ppid: Number(fields[1]), own: utime + stime, reaped: cutime + cstime };
  } catch {
    return undefined; // ended meanwhile
  }
}

// Processes that leave the worker's tree still count: a PostgreSQL server daemonizes (pg_ctl start
// exits, init adopts the postmaster). They inherit this mark from the worker's environment.
const MARK = 'STAYDESK_TEST_CPU_WORKER';
const mark = `${MARK}=${process.pid}`;

function marked(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark);
  } catch {
    return false;
  }
}

/**
 * CPU seconds of this process, and of every process under it or started from it (living, or ended
 * and waited for by one of them).
 */
function treeCpuSeconds(): { self: number; children: number } {
  const all = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(readStat).filter((s): s is ProcStat => s !== undefined);
  const byParent = new Map<number, ProcStat[]>();
  for (const s of all) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
  const under = new Set<number>();
  const queue = [...(byParent.get(process.pid) ?? [])];
  for (let s = queue.shift(); s; s = queue.shift()) {
    under.add(s.pid);
    queue.push(...(byParent.get(s.pid) ?? []));
  }
  let ticks = readStat('self')!.reaped;
  for (const s of all) if (under.has(s.pid) || (s.pid !== process.pid && marked(s.pid))) ticks += s.own + s.reaped;
  const usage = process.cpuUsage();
  return { self: (usage.user + usage.system) / 1e6, children: ticks / TICKS_PER_SECOND };
}

if (LOG) {
  process.env[MARK] = String(process.pid);
  const start = { at: performance.now(), ...treeCpuSeconds() };
  afterAll(() => {
    const end = treeCpuSeconds();
    const line = {
      file: path.relative(process.cwd(), expect.getState().testPath ?? ''),
      pid: process.pid,
      wall: (performance.now() - start.at) / 1000,
      cpu: end.self - start.self,
      children: end.children - start.children,
      // The worker's CPU so far: in a worker's first file, what its start and environment cost.
      workerCpuBefore: start.self,
    };
    fs.appendFileSync(LOG, `${JSON.stringify(line)}\n`);
  });
}
