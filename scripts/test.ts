// `npm test`: every check of the project, in the order that fails fastest, with the time of each
// step printed at the end (so a slow step shows in every CI log, not only when someone measures).
// Type-check and lint run side by side: each is single-threaded, and CI's machine has 2 cores.
// Their output is held back and printed whole when they finish, so the two never interleave.
// Then Vitest (its workers fill both cores), then the run's one production build (with the e2e
// servers' addresses, scripts/e2e-web.ts), then the e2e specs against that build (E2E_SKIP_BUILD).
import { spawn } from 'node:child_process';
import { e2eWebEnv } from './e2e-web';

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

function summary(outcomes: Outcome[], started: number): void {
  console.log('\nnpm test, time per step:');
  for (const o of outcomes) console.log(`  ${o.name.padEnd(22)} ${o.seconds.toFixed(0).padStart(5)} s  ${o.code === 0 ? 'ok' : `FAILED (exit ${o.code})`}`);
  console.log(`  ${'total'.padEnd(22)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const outcomes = await Promise.all([run({ name: 'typecheck', script: 'typecheck' }, true), run({ name: 'lint', script: 'lint' }, true)]);
  for (const step of [
    { name: 'vitest', script: 'test:unit' },
    { name: 'production build', script: 'build', env: e2eWebEnv() },
    { name: 'e2e', script: 'test:e2e', env: { E2E_SKIP_BUILD: '1' } },
  ] satisfies Step[]) {
    if (outcomes.some((o) => o.code !== 0)) break;
    outcomes.push(await run(step, false));
  }
  summary(outcomes, started);
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
