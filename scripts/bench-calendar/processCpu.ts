// CPU time of process trees, from /proc (Linux), for `npm run bench:calendar`: on a 2-core machine
// the page's main thread shares the cores with the backend answering each window and the
// browser's other processes, so a task's wall time grows with their work. Processes that end
// meanwhile are not counted (the servers and the browser live through the measurement).
import fs from 'node:fs';

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

interface Proc {
  ppid: number;
  /** user + system CPU so far, ms. */
  cpuMs: number;
}

function processes(): Map<number, Proc> | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const out = new Map<number, Proc>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (comm) ": state ppid ... utime (14th field) stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND });
    } catch {
      // ended while listed
    }
  }
  return out;
}

/** CPU ms so far of each root's process tree (the root and its descendants), or null without /proc. */
export function treeCpuMs(roots: readonly number[]): number[] | null {
  const procs = processes();
  if (!procs) return null;
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  return roots.map((root) => {
    let sum = 0;
    const todo = [root];
    while (todo.length) {
      const pid = todo.pop()!;
      sum += procs.get(pid)?.cpuMs ?? 0;
      todo.push(...(children.get(pid) ?? []));
    }
    return sum;
  });
}
