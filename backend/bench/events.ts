// `npm run bench:events`: what an event trigger costs a write, and how soon its events arrive.
// N GraphQL inserts (default 10,000) into a table with an event trigger, in blocks alternating with
// N into the same table shape without one, over HTTP on one backend; the trigger's webhook is a local
// receiver. Reports write latency p50/p95 with and without the trigger, and the delivery lag:
// per event (commit -> webhook) and from the last commit to the last event received.
// Runs on in-memory PGlite, then on a throwaway server Postgres when one can be started
// (`--pglite-only` skips it). Options: --inserts N, --concurrency C (1: sequential latency).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RunningBackend } from '../server';
import { startTestBackend } from '../../tests/helpers/backend';
import { startTempPostgres } from '../../tests/helpers/postgres';
import { startWebhookReceiver } from '../events/testing';
import { percentile } from './stats';

const PROJECT = path.join(__dirname, '..', 'events', '__fixtures__', 'project');
const TARGET_ADDED = 0.2;
const TARGET_LAG_MS = 5000;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i === -1 ? NaN : Number(process.argv[i + 1]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const INSERTS = flag('inserts', 10_000);

async function insert(backend: RunningBackend, table: 'notes' | 'drafts', body: string): Promise<number> {
  const res = await fetch(`${backend.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret },
    body: JSON.stringify({ query: `mutation($b: String!) { insert_${table}_one(object: {body: $b}) { id } }`, variables: { b: body } }),
  });
  const json = (await res.json()) as { data?: Record<string, { id: number }>; errors?: unknown };
  if (!json.data) throw new Error(JSON.stringify(json.errors));
  return json.data[`insert_${table}_one`].id;
}

async function run(label: string, databaseUrl?: string): Promise<string> {
  const hooks = await startWebhookReceiver();
  process.env.EVENTS_TEST_WEBHOOK_BASE = hooks.url;
  process.env.EVENTS_TEST_TAGS_WEBHOOK = `${hooks.url}/tags`;
  const backend = await startTestBackend({ projectDir: PROJECT, databaseUrl });
  try {
    // Warm-up: caches, prepared statements, the worker's first rounds.
    for (let i = 0; i < 200; i++) {
      await insert(backend, 'notes', 'warm');
      await insert(backend, 'drafts', 'warm');
    }
    await hooks.waitFor('/notes', 200, 60_000);
    hooks.calls.length = 0;
    const withTrigger: number[] = [];
    const without: number[] = [];
    const committedAt = new Map<number, number>();
    let lastCommit = 0;
    // Alternating blocks, so both sides see the same machine and the trigger side carries its whole
    // cost: the event row in the write, and the deliveries running beside the writes that follow.
    const BLOCK = 500;
    for (let start = 0; start < INSERTS; start += BLOCK) {
      const end = Math.min(INSERTS, start + BLOCK);
      for (let i = start; i < end; i++) {
        const t = performance.now();
        await insert(backend, 'drafts', `d${i}`);
        without.push(performance.now() - t);
      }
      for (let i = start; i < end; i++) {
        const t = performance.now();
        const id = await insert(backend, 'notes', `n${i}`);
        withTrigger.push(performance.now() - t);
        committedAt.set(id, Date.now());
        lastCommit = Date.now();
      }
      // The next baseline block starts once this block's events are out.
      await hooks.waitFor('/notes', end, 60_000);
    }
    const calls = await hooks.waitFor('/notes', INSERTS, 120_000);
    const lastReceived = Math.max(...calls.map((c) => c.at));
    const lags = calls.map((c) => c.at - (committedAt.get((c.body.event as { data: { new: { id: number } } }).data.new.id) ?? c.at));
    const p50w = percentile(withTrigger, 50);
    const p50o = percentile(without, 50);
    const added = p50w / p50o - 1;
    const tail = lastReceived - lastCommit;
    return [
      `${label}: ${INSERTS} inserts each side`,
      `  write p50/p95 with trigger   ${p50w.toFixed(2)} / ${percentile(withTrigger, 95).toFixed(2)} ms`,
      `  write p50/p95 without        ${p50o.toFixed(2)} / ${percentile(without, 95).toFixed(2)} ms`,
      `  added to p50                 ${(added * 100).toFixed(1)}%  (target <= ${TARGET_ADDED * 100}%: ${added <= TARGET_ADDED ? 'met' : 'missed'})`,
      `  delivery lag per event p50/p95/max ${percentile(lags, 50).toFixed(0)} / ${percentile(lags, 95).toFixed(0)} / ${Math.max(...lags).toFixed(0)} ms`,
      `  last commit -> last event    ${tail} ms  (target <= ${TARGET_LAG_MS} ms: ${tail <= TARGET_LAG_MS ? 'met' : 'missed'})`,
    ].join('\n');
  } finally {
    await backend.close();
    await hooks.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const out: string[] = [await run('PGlite (in-memory)')];
  if (!process.argv.includes('--pglite-only')) {
    const pg = await startTempPostgres();
    if (pg) {
      try {
        out.push(await run('server Postgres', await pg.createDatabase('bench_events')));
      } finally {
        pg.stop();
      }
    } else out.push('server Postgres: no server binaries found (skipped)');
  }
  console.log(`\nEvent trigger benchmark\n\n${out.join('\n\n')}\n\nfinished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
