// `npm test`: every check of the project, in the order that fails fastest, with the time of each
// step printed at the end (so a slow step shows in every CI log, not only when someone measures).
// Type-check, lint and the run's one production build (with the e2e servers' addresses,
// scripts/e2e-web.ts) run side by side: type-check and lint are single-threaded and the build keeps
// only 1.2-1.4 of CI's 2 cores busy, so one after the other left a core idle for most of two
// minutes. Their output is held back and printed whole when each finishes, so they never
// interleave. Vitest starts as soon as type-check and lint have passed, beside the rest of the
// build (which alone left most of a core idle for its last ~40 s); then the e2e specs against that
// build (E2E_SKIP_BUILD) once both have passed. The e2e backend needs no build: it starts with the
// first steps, and Playwright takes it over (E2E_BACKEND_STARTED) instead of starting its own. On a
// clean checkout it makes the cached demo database snapshots then (tests/helpers/backend.ts), which
// Vitest's files would otherwise make at their start; it idles through Vitest (a queue poll a second).
import { spawn, type ChildProcess } from 'node:child_process';
import { E2E_BACKEND_ARGS, E2E_BACKEND_STARTED, E2E_BACKEND_URL, e2eBackendEnv, e2eWebEnv } from './e2e-web';

interface Step {
  name: string;
  /** An npm script of package.json. */
  script: string;
  env?: Record<string, string>;
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(step: Step, buffered: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', step.script], { env: { ...process.env, ...step.env }, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered) process.stdout.write(`\n> ${step.name} (npm run ${step.script})\n${output}`);
      resolve({ name: step.name, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

/**
 * Starts the e2e backend (tsx passes a stop signal on to it; in the terminal's process group, so
 * Ctrl-C reaches it as it reaches the steps).
 */
function startBackend(): ChildProcess {
  const backend = spawn('tsx', E2E_BACKEND_ARGS, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...e2eBackendEnv() } });
  // Not startable (no pid): backendReady says so at once and Playwright starts its own.
  backend.on('error', (err) => console.error(`[e2e-backend] not started during the build: ${err.message}`));
  return backend;
}

async function answers(): Promise<boolean> {
  try {
    return (await fetch(E2E_BACKEND_URL)).ok;
  } catch {
    return false;
  }
}

/** True once the backend answers its health check; false if it exits first or takes over 5 minutes. */
async function backendReady(backend: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 300_000;
  while (backend.pid !== undefined && backend.exitCode === null && backend.signalCode === null && Date.now() < deadline) {
    if (await answers()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function stopBackend(backend: ChildProcess): Promise<void> {
  if (backend.pid === undefined || backend.exitCode !== null || backend.signalCode !== null) return;
  const exited = new Promise((resolve) => backend.once('exit', resolve));
  backend.kill('SIGTERM');
  const timer = setTimeout(() => backend.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function summary(outcomes: Outcome[], started: number): void {
  console.log('\nnpm test, time per step:');
  for (const o of outcomes) console.log(`  ${o.name.padEnd(22)} ${o.seconds.toFixed(0).padStart(5)} s  ${o.code === 0 ? 'ok' : `FAILED (exit ${o.code})`}`);
  console.log(`  ${'total'.padEnd(22)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

const passed = (outcomes: Outcome[]) => outcomes.every((o) => o.code === 0);

async function main(): Promise<number> {
  const started = Date.now();
  // Only on a free port: a server already answering there is not this run's (Playwright then says so).
  const backend = (await answers()) ? undefined : startBackend();
  const outcomes: Outcome[] = [];
  try {
    const build = run({ name: 'production build', script: 'build', env: e2eWebEnv() }, true);
    const checks = await Promise.all([run({ name: 'typecheck', script: 'typecheck' }, true), run({ name: 'lint', script: 'lint' }, true)]);
    outcomes.push(...checks);
    let vitest: Outcome | undefined;
    if (passed(checks)) {
      // Vitest's files load the demo snapshots the backend makes on a clean checkout: start once it
      // is up (in CI it answered before lint ended), or has failed (the files then make them).
      if (backend) await backendReady(backend);
      vitest = await run({ name: 'vitest', script: 'test:unit' }, false);
    }
    outcomes.push(await build);
    if (vitest) outcomes.push(vitest);
    if (vitest && passed(outcomes)) {
      const e2eStarted = Date.now();
      let env: Record<string, string> = { E2E_SKIP_BUILD: '1' };
      if (backend) {
        // A backend that did not come up is stopped and left to Playwright, which starts its own and reports why.
        if (await backendReady(backend)) env = { ...env, [E2E_BACKEND_STARTED]: '1' };
        else await stopBackend(backend);
      }
      const outcome = await run({ name: 'e2e', script: 'test:e2e', env }, false);
      // The e2e step's time includes any wait for the backend.
      outcomes.push({ ...outcome, seconds: (Date.now() - e2eStarted) / 1000 });
    }
  } finally {
    if (backend) await stopBackend(backend);
  }
  summary(outcomes, started);
  return passed(outcomes) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
