// `npm run bench:calendar-window`: the calendar's window request (CalendarWindow: units with their
// dates, rates, assigned price rules and stays) on the real backend, without a browser. A throwaway
// database gets, by SQL, the shape of `npm run bench:calendar`'s data (100 units, a rate and a
// derived rate each with three assigned price rules, closed nights, nightly prices, a stay every few
// nights over a year); the backend then runs in this process and, for 100 units x 56 nights and
// 50 units x 90 nights, as the member (a signed JWT) and with the admin secret, it reports:
//   - the HTTP round trip (one POST) and the live window (one WebSocket subscribe -> first answer);
//   - server time: the engine's time and the SQL statements it sent (count and time);
//   - the database's own EXPLAIN ANALYZE execution time of that statement;
//   - the same round trip while the events worker delivers a burst of queued booking events
//     (what `bench:calendar`'s 11 s measurement ran into right after seeding 5,854 stays).
// Database: in-memory PGlite, or a server Postgres with `--database-url postgres://...` (a fresh
// database is created there and dropped after). PORT picks the backend's port (default: any free).
// `--burst-only [--pools 100,16,4]` measures the events worker alone on one seeded database (the
// seed's own events dropped): per pool size (HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE; `default` = the
// backend's own), a backend starts, BURST bookings with a stay each are inserted in one mutation,
// and it reports how long until every queued event was tried once, the webhook answers, and the
// calls that failed meanwhile, by message.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { loadConfig } from '../backend/config';
import { migrate, openDb, type Db } from '../backend/db';
import { engineOptions, loadModel } from '../backend/graphql';
import { Executor } from '../backend/graphql/execute';
import type { EngineSession } from '../backend/graphql/types';
import { startBackend, type RunningBackend } from '../backend/server';
import { BENCH_ACCOMMODATION as ACCOMMODATION, seedCalendarData } from './bench-calendar/seed';

const RUNS = 7;
const MEMBER = '00000000-0000-4000-a000-00000000b001';
const CASES = [
  { units: 100, nights: 56 },
  { units: 50, nights: 90 },
];
/** Stays inserted in one burst while measuring, each queuing booking events (cleanings, NTAK). */
const BURST = 600;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** The window's query as the page sends it (subscription text, run once as a query over HTTP). */
function windowDocument(kind: 'query' | 'subscription'): string {
  const text = ['src/features/calendar/graphql/calendarWindow.graphql', 'src/features/calendar/graphql/fragments.graphql', 'src/features/accommodations/graphql/fragments.graphql'].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  return kind === 'query' ? text.replace(/^subscription /m, 'query ') : text;
}

async function unitIds(db: Db, count: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(`SELECT id FROM public.units WHERE accommodation_id = '${ACCOMMODATION}' ORDER BY position LIMIT ${count}`);
  return r.rows.map((x) => x.id);
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const res = await fetch(`${url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  const elapsed = performance.now() - t;
  if (!res.ok || text.startsWith('{"errors"')) throw new Error(`GraphQL ${res.status}: ${text.slice(0, 300)}`);
  return { ms: elapsed, bytes: text.length };
}

/** One live window: connection_init, one subscribe, the time to its first answer and the frames exchanged. */
async function subscribeOnce(url: string, token: string, variables: unknown): Promise<{ ms: number; sent: number; received: number }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/graphql`, 'graphql-transport-ws');
  let sent = 0;
  let received = 0;
  const send = (m: unknown) => {
    sent += 1;
    ws.send(JSON.stringify(m));
  };
  try {
    return await new Promise((resolve, reject) => {
      let started = 0;
      const timer = setTimeout(() => reject(new Error('no answer to the window subscription within 120 s')), 120_000);
      ws.on('open', () => send({ type: 'connection_init', payload: { headers: { Authorization: `Bearer ${token}` } } }));
      ws.on('error', reject);
      ws.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as { type: string; payload?: unknown };
        if (m.type === 'connection_ack') {
          sent = 0;
          started = performance.now();
          send({ id: '1', type: 'subscribe', payload: { query: windowDocument('subscription'), variables } });
          return;
        }
        received += 1;
        if (m.type === 'next') {
          clearTimeout(timer);
          resolve({ ms: performance.now() - started, sent, received });
        } else if (m.type === 'error') {
          clearTimeout(timer);
          reject(new Error(JSON.stringify(m.payload)));
        }
      });
    });
  } finally {
    ws.close();
  }
}

/** The engine alone (no HTTP) on the same database: its time and the statements it sent. */
function timedExecutor(db: Db, projectDir: string) {
  const statements: { sql: string; params: unknown[]; ms: number }[] = [];
  const counting = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      if (prop !== 'query' && prop !== 'queryPrepared') return bound;
      return async (sql: string, ...rest: unknown[]) => {
        const s = performance.now();
        try {
          return await bound(sql, ...rest);
        } finally {
          statements.push({ sql, params: (rest[0] as unknown[] | undefined) ?? [], ms: performance.now() - s });
        }
      };
    },
  });
  return { statements, executor: async () => new Executor(await loadModel(db, projectDir, engineOptions()), counting) };
}

/** The burst-only run: one burst per pool size, each on its own dates, on the same database. */
async function burstRuns(db: Db, config: ReturnType<typeof loadConfig>, from: string, pools: string[]): Promise<void> {
  const units = await unitIds(db, 100);
  for (const [run, pool] of pools.entries()) {
    if (pool === 'default') delete process.env.HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE;
    else process.env.HASURA_GRAPHQL_EVENTS_HTTP_POOL_SIZE = pool;
    const failed = new Map<string, number>();
    let failures = 0;
    const onError = (m: string, e?: unknown) => {
      failures += 1;
      const key = `${m}${e instanceof Error ? `: ${e.message}` : e ? `: ${String(e)}` : ''}`.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').slice(0, 160);
      failed.set(key, (failed.get(key) ?? 0) + 1);
    };
    await db.exec('DELETE FROM hdb_catalog.event_invocation_logs');
    const backend = await startBackend(config, { db, log: { info: () => undefined, warn: () => undefined, error: onError } });
    try {
      // A stay of 2 nights every 3 days per unit, on dates no earlier run used.
      const base = 400 + run * 30;
      const stays = Array.from({ length: BURST }, (_, i) => {
        const checkin = addDays(from, base + 3 * Math.floor(i / 100));
        const checkout = addDays(from, base + 3 * Math.floor(i / 100) + 2);
        return { accommodation_id: ACCOMMODATION, customer_name: `Burst ${run}-${i}`, checkin, checkout, adults: 2, booked_units: { data: [{ unit_id: units[i % 100], checkin, checkout, adults: 2 }] } };
      });
      const waiting = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM hdb_catalog.event_log WHERE NOT delivered AND NOT error AND tries = 0')).rows[0].n);
      const t = performance.now();
      await post(backend.url, { 'x-hasura-admin-secret': config.adminSecret }, { query: 'mutation ($o: [bookings_insert_input!]!) { insert_bookings(objects: $o) { affected_rows } }', variables: { o: stays } });
      const queued = await waiting();
      let left = queued;
      while (left > 0 && performance.now() - t < 600_000) {
        await new Promise((r) => setTimeout(r, 500));
        left = await waiting();
      }
      const took = (performance.now() - t) / 1000;
      const outcomes = await db.query<{ trigger_name: string; status: string; n: string }>(
        `SELECT trigger_name, coalesce(status::text, 'none') AS status, count(*)::text AS n FROM hdb_catalog.event_invocation_logs GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      console.log(`\npool ${pool}: ${BURST} bookings with a stay each, ${queued} events queued; every one tried once after ${took.toFixed(1)} s${left ? ` (${left} still waiting at the cap)` : ''}; ${failures} errors logged`);
      console.log(`  webhook answers (trigger HTTP-status count): ${outcomes.rows.map((r) => `${r.trigger_name} ${r.status} ${r.n}`).join('; ')}`);
      for (const [m, n] of [...failed].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`    ${n} x ${m}`);
    } finally {
      await backend.close();
      // Events not yet delivered (retries) must not spill into the next pool's measurement.
      await db.exec('UPDATE hdb_catalog.event_log SET error = true WHERE NOT delivered AND NOT error');
    }
  }
}

async function main(): Promise<void> {
  const urlArg = process.argv.indexOf('--database-url');
  const serverUrl = urlArg > 0 ? process.argv[urlArg + 1] : undefined;
  let databaseUrl: string | undefined;
  let admin: Db | undefined;
  if (serverUrl) {
    // A throwaway database on the given server, dropped at the end.
    admin = await openDb({ databaseUrl: serverUrl, statementTimeoutMs: 0 });
    const name = `staydesk_bench_window_${process.pid}`;
    await admin.exec(`CREATE DATABASE ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const config = { ...loadConfig({}, { ...process.env, PORT: process.env.PORT ?? '0', NHOST_BACKEND_QUIET: 'true' }), applySeeds: false };
  const db = await openDb({ databaseUrl, statementTimeoutMs: 0 });
  let backend: RunningBackend | undefined;
  let failures = 0;
  const burstOnly = process.argv.includes('--burst-only');
  try {
    const from = addDays(iso(new Date()), -new Date().getUTCDate() + 1);
    let t = performance.now();
    await migrate(db, { projectDir: config.projectDir, applySeeds: false });
    await db.exec(`INSERT INTO auth.users (id, email, display_name, default_role, locale) VALUES ('${MEMBER}', 'bench@example.test', 'Bench', 'member', 'en') ON CONFLICT DO NOTHING`);
    await seedCalendarData(db, from, 100);
    // The seed's own events would be delivered during the measurement; the burst-only run drops them.
    if (burstOnly) await db.exec('DELETE FROM hdb_catalog.event_log');
    await db.exec('ANALYZE');
    console.log(`database: ${databaseUrl ? 'server Postgres' : 'PGlite (in memory)'}; migrated and seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (burstOnly) {
      const i = process.argv.indexOf('--pools');
      await burstRuns(db, config, from, (i > 0 ? process.argv[i + 1] : 'default').split(','));
      return;
    }
    // Function failures (no NTAK double runs here) are counted, not printed.
    backend = await startBackend(config, { db, log: { info: () => undefined, warn: () => undefined, error: () => (failures += 1) } });
    const token = await backend.ctx.jwt.sign(
      { sub: MEMBER, 'https://hasura.io/jwt/claims': { 'x-hasura-default-role': 'member', 'x-hasura-allowed-roles': ['member'], 'x-hasura-user-id': MEMBER } },
      3600,
    );
    const roles: { name: string; headers: Record<string, string>; session: EngineSession }[] = [
      { name: 'member', headers: { authorization: `Bearer ${token}` }, session: { role: 'member', isAdmin: false, variables: { 'x-hasura-role': 'member', 'x-hasura-user-id': MEMBER } } },
      { name: 'admin secret', headers: { 'x-hasura-admin-secret': config.adminSecret }, session: { role: 'admin', isAdmin: true, variables: { 'x-hasura-role': 'admin' } } },
    ];
    const probe = timedExecutor(db, config.projectDir);
    const executor = await probe.executor();

    for (const c of CASES) {
      const variables = { units: { id: { _in: await unitIds(db, c.units) } }, from, to: addDays(from, c.nights) };
      console.log(`\nCalendarWindow, ${c.units} units x ${c.nights} nights:`);
      for (const role of roles) {
        const http: number[] = [];
        let bytes = 0;
        for (let i = 0; i < RUNS; i += 1) {
          const r = await post(backend.url, role.headers, { query: windowDocument('query'), variables });
          http.push(r.ms);
          bytes = r.bytes;
        }
        const engine: number[] = [];
        let sqlMs = 0;
        for (let i = 0; i < RUNS; i += 1) {
          probe.statements.length = 0;
          t = performance.now();
          await executor.run(role.session, { query: windowDocument('query'), variables });
          engine.push(performance.now() - t);
          sqlMs = probe.statements.reduce((s, x) => s + x.ms, 0);
        }
        const main = probe.statements.reduce((a, b) => (b.ms > a.ms ? b : a));
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING) ${main.sql}`, main.params);
        const lines = plan.rows.map((r) => r['QUERY PLAN']);
        const exec = lines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
        console.log(`  ${role.name.padEnd(12)} HTTP round trip median ${ms(median(http))} (min ${ms(Math.min(...http))}, ${RUNS} runs), ${(bytes / 1024).toFixed(0)} kB`);
        console.log(`  ${''.padEnd(12)} server: engine ${ms(median(engine))}, ${probe.statements.length} SQL statement(s) ${ms(sqlMs)}; EXPLAIN ANALYZE ${exec}`);
        if (process.argv.includes('--plan')) console.log(lines.map((l) => `      ${l}`).join('\n'));
      }
      const live: number[] = [];
      let frames = { sent: 0, received: 0 };
      for (let i = 0; i < 3; i += 1) {
        const r = await subscribeOnce(backend.url, token, variables);
        live.push(r.ms);
        frames = { sent: r.sent, received: r.received };
      }
      console.log(`  live window (member): subscribe -> first answer median ${ms(median(live))}; ${frames.sent} message sent, ${frames.received} received (one round trip)`);
    }

    // The burst: stays inserted through GraphQL queue events (cleaning plans, NTAK) that the worker
    // delivers over the same database; the window is timed while it works and once it has finished.
    const variables = { units: { id: { _in: await unitIds(db, 100) } }, from, to: addDays(from, 56) };
    const stays = Array.from({ length: BURST }, (_, i) => ({
      accommodation_id: ACCOMMODATION,
      customer_name: `Burst ${i}`,
      checkin: addDays(from, 400 + (i % 300)),
      checkout: addDays(from, 402 + (i % 300)),
      adults: 2,
    }));
    // Waiting: queued and not yet tried once (failing deliveries, e.g. NTAK without a certificate, retry later).
    const waiting = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM hdb_catalog.event_log WHERE NOT delivered AND NOT error AND tries = 0')).rows[0].n);
    const before = await waiting();
    t = performance.now();
    await post(backend.url, { 'x-hasura-admin-secret': config.adminSecret }, { query: 'mutation ($o: [bookings_insert_input!]!) { insert_bookings(objects: $o) { affected_rows } }', variables: { o: stays } });
    const queued = (await waiting()) - before;
    console.log(`\n${BURST} bookings inserted in one mutation: ${queued} events queued (cleaning plans, NTAK)`);
    const busy: number[] = [];
    for (let i = 0; i < 3; i += 1) busy.push((await post(backend.url, roles[0].headers, { query: windowDocument('query'), variables })).ms);
    console.log(`  100 x 56 window as member while the events worker delivers them: ${busy.map(ms).join(', ')}`);
    let left = await waiting();
    while (left > 0 && performance.now() - t < 300_000) {
      await new Promise((r) => setTimeout(r, 1000));
      left = await waiting();
    }
    console.log(`  every queued event tried once after ${((performance.now() - t) / 1000).toFixed(1)} s${left ? ` (${left} still waiting at the 300 s cap)` : ''}; ${failures} function calls failed meanwhile (no NTAK double here)`);
    const quiet: number[] = [];
    for (let i = 0; i < 3; i += 1) quiet.push((await post(backend.url, roles[0].headers, { query: windowDocument('query'), variables })).ms);
    console.log(`  the same window after: ${quiet.map(ms).join(', ')}`);
  } finally {
    await backend?.close();
    await db.close();
    if (admin && databaseUrl) {
      await admin.exec(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
