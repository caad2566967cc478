// `npm run bench:graphql`: the GraphQL engine against hand-written SQL on one database in one run
// (in-memory PGlite, or DATABASE_URL), then many live-query subscriptions over real sockets.
// Options: --iterations N (300, at most S seconds' worth), --seconds S per measurement (2), --concurrency C (8),
// --subscriptions N (500), --distinct list of distinct-query counts, one live run each (50,500; 0 skips), --rounds N (3),
// --cases list of case ids to measure (a,b,c), --roles list of roles (host,admin).
// With DATABASE_URL use a throwaway database: the bench project's tables are created in it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../config';
import { openDb, type Db } from '../db';
import { startBackend, type RunningBackend } from '../server';
import { benchCases, type BenchCase } from './cases';
import { runLiveQueryBench } from './liveQueries';
import { closeClient, request } from './httpClient';
import { measureLatency, measurePaired, measureThroughputPaired, ms, summarise, table, type Latency } from './stats';

const PROJECT = path.join(__dirname, 'project');
const CLAIMS = 'https://hasura.io/jwt/claims';
const TARGET_OVERHEAD = 1.5;
const TARGET_LIVE_MS = 1500;

function flagText(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

function flag(name: string, fallback: number): number {
  const v = Number(flagText(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const settings = {
  iterations: flag('iterations', 300),
  seconds: flag('seconds', 2),
  concurrency: flag('concurrency', 8),
  subscriptions: flag('subscriptions', 500),
  distinct: (flagText('distinct') ?? '50,500')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  rounds: flag('rounds', 3),
  cases: (flagText('cases') ?? 'a,b,c').split(','),
  roles: (flagText('roles') ?? 'host,admin').split(','),
};

/** The ids the migration generates: md5(text)::uuid. */
const md5Uuid = (text: string) => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

interface CaseResult {
  c: BenchCase;
  engine: Latency & { pairedRatio: number };
  inProcess: Latency & { pairedRatio: number };
  engineSql: Latency;
  raw: Latency;
  rawPrepared?: Latency;
  engineRps: number;
  rawRps: number;
  sameJson: boolean;
}

async function main(): Promise<void> {
  const started = Date.now();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-bench-'));
  const db = await openDb({ databaseUrl });
  const config = loadConfig(
    { project: PROJECT, port: '0', host: '127.0.0.1', data: dataDir, seeds: 'false', quiet: true },
    { ...process.env, DATABASE_URL: databaseUrl ?? '', AUTH_RATE_LIMIT_ENABLE: 'false' },
  );
  let backend: RunningBackend | undefined;
  let failed = false;
  let failedLive = false;
  try {
    // The engine gets the same database with a stopwatch on its statements, so its own SQL time
    // can be told apart from its JavaScript work.
    const engineSql: number[] = [];
    let timing = false;
    const stopwatch = async <T>(run: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      try {
        return await run();
      } finally {
        if (timing) engineSql.push(performance.now() - t);
      }
    };
    const prepared = db.queryPrepared?.bind(db);
    const timedDb: Db = {
      ...db,
      kind: db.kind,
      query: <R>(sql: string, params?: unknown[]) => stopwatch(() => db.query<R>(sql, params)),
      queryPrepared: prepared && (<R>(sql: string, params: unknown[]) => stopwatch(() => prepared<R>(sql, params))),
    };
    backend = await startBackend(config, { db: timedDb });
    const running = backend;
    const hostOf = (acc: number) => md5Uuid(`host${acc % 100}`);
    const tokens = new Map<string, Promise<string>>();
    const tokenFor = (hostId: string) => {
      if (!tokens.has(hostId)) {
        tokens.set(hostId, running.ctx.jwt.sign({ sub: hostId, [CLAIMS]: { 'x-hasura-allowed-roles': ['host'], 'x-hasura-default-role': 'host', 'x-hasura-user-id': hostId } }, 3600));
      }
      return tokens.get(hostId) as Promise<string>;
    };
    const counts = await db.query<{ a: string; u: string; b: string }>(
      'SELECT (SELECT count(*) FROM accommodations) AS a, (SELECT count(*) FROM units) AS u, (SELECT count(*) FROM bookings) AS b',
    );
    const where = databaseUrl ? 'server Postgres (DATABASE_URL)' : 'in-memory PGlite';
    console.log(`\nGraphQL engine benchmark on ${where}: ${counts.rows[0].a} accommodations, ${counts.rows[0].u} units, ${counts.rows[0].b} bookings`);
    console.log(
      `latency: up to ${settings.iterations} rounds (one call of each side per round, interleaved); throughput: ${settings.concurrency} concurrent callers, ${settings.seconds} s per side in alternating slices\n`,
    );

    const hostToken = await tokenFor(hostOf(7));
    // The transport alone: what any HTTP request to this server costs from this process.
    const httpFloor = await measureLatency(() => request(`${running.url}/healthz`), settings.iterations, 50);
    const results: CaseResult[] = [];
    for (const c of benchCases(hostOf(7)).filter((x) => settings.cases.includes(x.id) && settings.roles.includes(x.role))) {
      const headers: Record<string, string> =
        c.role === 'host' ? { authorization: `Bearer ${hostToken}` } : { 'x-hasura-admin-secret': running.ctx.config.adminSecret };
      const body = JSON.stringify(c.graphql);
      const viaEngine = () => request(`${running.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      const inProcess = async () => {
        timing = true;
        try {
          return await running.engine.execute(c.graphql, headers);
        } finally {
          timing = false;
        }
      };
      const viaSql = async () => (await db.query<{ result: string }>(c.sql, c.params)).rows[0].result;
      // The same hand-written SQL through the driver's prepared path, which the engine uses for its
      // repeated statements: the engine's overhead with the driver difference taken out.
      const viaSqlPrepared = prepared ? async () => (await prepared<{ result: string }>(c.sql, c.params)).rows[0].result : undefined;

      const engineJson = JSON.parse(await viaEngine()) as { data?: Record<string, unknown>; errors?: unknown };
      const rawJson = { data: { [c.field]: JSON.parse(await viaSql()) as unknown } };
      const sameJson = isDeepStrictEqual(engineJson, rawJson);
      if (!sameJson) {
        failed = true;
        console.log(`(${c.id}) ${c.role}: engine and SQL JSON differ\n  engine: ${JSON.stringify(engineJson).slice(0, 600)}\n  sql:    ${JSON.stringify(rawJson).slice(0, 600)}`);
      }
      engineSql.length = 0;
      const timed = await measurePaired({ raw: viaSql, engine: viaEngine, inProcess, ...(viaSqlPrepared ? { rawPrepared: viaSqlPrepared } : {}) }, 'raw', {
        iterations: settings.iterations,
        warmup: 20,
        budgetMs: settings.seconds * 3000,
      });
      const rps = await measureThroughputPaired({ raw: viaSql, engine: viaEngine }, settings.concurrency, settings.seconds * 1000);
      const [raw, engine, direct, engineRps, rawRps] = [timed.raw, timed.engine, timed.inProcess, rps.engine, rps.raw];
      results.push({ c, engine, inProcess: direct, engineSql: summarise(engineSql), raw, rawPrepared: timed.rawPrepared, engineRps, rawRps, sameJson });
      process.stdout.write(`  measured (${c.id}) ${c.title} as ${c.role}\n`);
    }

    console.log(`\nQueries (ms). engine = HTTP POST /v1/graphql on localhost; in-proc = engine.execute() without HTTP; its SQL = the engine's own statement;`);
    console.log(`raw = the hand-written SQL returning the same JSON on the same db; paired = median of per-round engine/raw ratios;
raw prep = that SQL through the driver's prepared-statement path, which the engine uses for repeated statements. HTTP floor (GET /healthz): p50 ${ms(httpFloor.p50)}, p95 ${ms(httpFloor.p95)}\n`);
    console.log(
      table(
        ['case', 'role', 'engine p50', 'p95', 'req/s', 'in-proc p50', 'its SQL p50', 'raw p50', 'p95', 'req/s', 'overhead p50', 'paired', 'in-proc/raw', 'raw prep p50', 'engine/raw prep', 'same JSON', 'target'],
        results.map((r) => {
          const ratio = r.engine.p50 / r.raw.p50;
          const targeted = r.c.id !== 'c';
          return [
            `(${r.c.id}) ${r.c.title}`,
            r.c.role,
            ms(r.engine.p50),
            ms(r.engine.p95),
            r.engineRps.toFixed(0),
            ms(r.inProcess.p50),
            ms(r.engineSql.p50),
            ms(r.raw.p50),
            ms(r.raw.p95),
            r.rawRps.toFixed(0),
            `${ratio.toFixed(2)}x`,
            `${r.engine.pairedRatio.toFixed(2)}x`,
            `${r.inProcess.pairedRatio.toFixed(2)}x`,
            r.rawPrepared ? ms(r.rawPrepared.p50) : '-',
            r.rawPrepared ? `${(r.engine.p50 / r.rawPrepared.p50).toFixed(2)}x` : '-',
            r.sameJson ? 'yes' : 'NO',
            targeted ? (ratio <= TARGET_OVERHEAD ? `<= ${TARGET_OVERHEAD}x ok` : `> ${TARGET_OVERHEAD}x MISSED`) : '(report only)',
          ];
        }),
      ),
    );

    if (settings.distinct.length) console.log(`\nLive queries: ${settings.subscriptions} graphql-ws subscriptions, one socket each, in this process; one UPDATE changes a row every subscription shows`);
    const liveRows: string[][] = [];
    const liveErrors: string[] = [];
    for (const distinct of settings.distinct) {
      const live = await runLiveQueryBench({
        wsUrl: `${running.url.replace(/^http/, 'ws')}/v1/graphql`,
        db,
        subscriptions: settings.subscriptions,
        distinctQueries: distinct,
        rounds: settings.rounds,
        tokenForAccommodation: (acc) => tokenFor(hostOf(acc)),
        accommodationId: (acc) => md5Uuid(`acc${acc}`),
      });
      const liveOk = live.errors === 0 && live.updatesReceived === live.updatesExpected && live.latency.max <= TARGET_LIVE_MS;
      if (!liveOk) failedLive = true;
      liveRows.push([
        `${live.connected}/${settings.subscriptions}`,
        String(Math.min(distinct, settings.subscriptions)),
        `${ms(live.initialMs)} ms`,
        `${live.updatesReceived}/${live.updatesExpected}`,
        `${ms(live.latency.p50)} ms`,
        `${ms(live.latency.p95)} ms`,
        `${ms(live.latency.max)} ms`,
        String(live.errors),
        liveOk ? `all <= ${TARGET_LIVE_MS} ms, 0 errors: ok` : 'MISSED',
      ]);
      liveErrors.push(...live.errorSamples.map((e) => `(${distinct} distinct) ${e}`));
    }
    if (liveRows.length) console.log(table(['subscriptions', 'distinct queries', 'first results in', 'updates', 'change->client p50', 'p95', 'max', 'errors', 'target'], liveRows));
    for (const e of liveErrors.slice(0, 8)) console.log(`  error: ${e}`);
    console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    closeClient();
    await backend?.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Wrong results fail the run; missed timing targets are reported, not failed (the machine's load decides them).
  if (failed) process.exitCode = 1;
  else if (failedLive) console.log('live-query target missed (see table)');
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  console.error(err instanceof Error ? `${err.message}${cause}` : err);
  process.exit(1);
});
