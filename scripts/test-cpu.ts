// `npm run test:cpu -- <log> [top]`: sums a log of STAYDESK_TEST_CPU_LOG (tests/setup/cpuLog.ts):
// the CPU seconds of the run's test files, of their workers outside them, and of the processes they
// started, then the files that cost most. Example:
//   STAYDESK_TEST_CPU_LOG=/tmp/cpu.log npx vitest run && npm run test:cpu -- /tmp/cpu.log 30
import fs from 'node:fs';

interface Line {
  file: string;
  pid: number;
  wall: number;
  cpu: number;
  children: number;
  workerCpuBefore: number;
}

const [logFile, topArg] = process.argv.slice(2);
if (!logFile || !fs.existsSync(logFile)) {
  console.error('usage: npm run test:cpu -- <log written with STAYDESK_TEST_CPU_LOG> [how many files to list]');
  process.exit(1);
}
const lines = fs
  .readFileSync(logFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Line);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const s = (n: number) => n.toFixed(1).padStart(6);

// A worker's own CPU outside its files: its start and environment (before its first file) and
// what it did between files; from each worker's last line.
const workers = new Map<number, Line[]>();
for (const l of lines) workers.set(l.pid, [...(workers.get(l.pid) ?? []), l]);
let workerTotal = 0;
for (const files of workers.values()) {
  const last = files.reduce((a, b) => (b.workerCpuBefore > a.workerCpuBefore ? b : a));
  workerTotal += last.workerCpuBefore + last.cpu;
}
const inFiles = sum(lines.map((l) => l.cpu));
const children = sum(lines.map((l) => l.children));
console.log(`${lines.length} files in ${workers.size} workers: CPU ${s(workerTotal + children)} s`);
console.log(`  workers, in files       ${s(inFiles)} s`);
console.log(`  workers, outside them   ${s(workerTotal - inFiles)} s (starts, environments)`);
console.log(`  processes they started  ${s(children)} s (backends, PostgreSQL servers, npm run dev)`);
console.log('\n  total = worker + started   wall  file');
for (const l of [...lines].sort((a, b) => b.cpu + b.children - (a.cpu + a.children)).slice(0, Number(topArg ?? 25))) {
  console.log(`${s(l.cpu + l.children)} = ${s(l.cpu)} + ${s(l.children)} ${s(l.wall)}  ${l.file}`);
}
