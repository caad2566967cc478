// `npm run bench:calendar`: the calendar in Chromium on the production build (a benchmark, not a
// timed test). A throwaway database gets 100 extra units by SQL before the backend first starts
// (a rate and a derived rate each, assigned price rules, closed nights, nightly prices, a stay
// every few nights over a year: scripts/bench-calendar/seed.ts, as bench:calendar-window's); the demo
// member opens /calendar filtered to them and the page's performance marks give:
//   - first screen after the data arrives ('calendar:data' -> 'calendar:first-screen'), target <= 500 ms;
//   - a full year scrolled horizontally a week per frame: long tasks (> 50 ms, target none), frame times;
//   - the subscriptions the page started (the rows' units, then one per visible window) and their answers' sizes;
//   - the window request (100 units x 56 nights, 50 x 90) as one GraphQL round trip, once the events
//     the seed queued were delivered.
// `--skip-build` reuses the last build (node_modules/.cache/next-bench-calendar).
// For repeated runs: BENCH_CALENDAR_DATA_DIR keeps the seeded database there (seeded once, reused
// while its unit count matches); BENCH_CALENDAR_PASSES scrolls the year that many times (back to
// the start between passes); BENCH_CALENDAR_BACKEND_PORT / BENCH_CALENDAR_WEB_PORT fix the ports.
// `--profile <file.cpuprofile>` records one more pass with the CPU profiler (its overhead makes
// that pass slower; it is not counted) and prints what ran in its long tasks, named by the build's
// source maps (a build made with --profile has them).
// `--trace <file.json>` records one more pass as a Chromium trace and prints the main thread's self
// CPU time per event (style, layout, paint, script...) over the pass and within its long tasks.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadConfig } from '../backend/config';
import { migrate, openDb } from '../backend/db';
import { findChromium } from './browser';
import { seedCalendarData } from './bench-calendar/seed';
import { summariseTrace, TRACE_CATEGORIES, type TraceEvent } from './bench-calendar/trace';
import { busyStretches, frameNamer, top, total, type CpuProfile } from './bench-calendar/cpuProfile';
import { treeCpuMs } from './bench-calendar/processCpu';
import { freePort, start, stopAll, waitForUrl } from './bench-web/processes';

// Overridable so an e2e build (same backend port) can be reused, or reuse this one.
const DIST_DIR = process.env.BENCH_CALENDAR_DIST_DIR ?? 'node_modules/.cache/next-bench-calendar';
const BUILD_PORT = path.join(DIST_DIR, 'bench-backend-port.txt');
/** BENCH_CALENDAR_UNITS seeds fewer units for a quicker run (the figures then say so); the target is for 100. */
const UNITS = Number(process.env.BENCH_CALENDAR_UNITS ?? 100);
const DAYS = 365;
const ADMIN_SECRET = 'nhost-admin-secret';
const FIRST_SCREEN_TARGET_MS = 500;
const LONG_TASK_MS = 50;
/** Window sizes timed as one request: [units, nights]. */
const WINDOWS: [number, number][] = [
  [100, 56],
  [50, 90],
];
const EVENT_TRIGGERS = ['ntak_booking', 'ntak_room_change', 'cleanings_plan'];

/** Waits until every queued event was tried once (failed NTAK deliveries retry later); returns the ms waited. */
async function waitForEvents(port: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    let waiting = 0;
    for (const name of EVENT_TRIGGERS) {
      // The metadata API answers at most 1000 events a call: page through the pending ones.
      for (let offset = 0; ; offset += 1000) {
        const res = await fetch(`http://localhost:${port}/v1/metadata`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }, body: JSON.stringify({ type: 'pg_get_event_logs', args: { name, status: 'pending', limit: 1000, offset } }) });
        const rows = (await res.json()) as unknown;
        if (!Array.isArray(rows)) throw new Error(`pg_get_event_logs: ${JSON.stringify(rows)}`);
        waiting += (rows as { tries: number }[]).filter((r) => r.tries === 0).length;
        if (rows.length < 1000) break;
      }
    }
    if (waiting === 0 || Date.now() - started > 900_000) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const backendUrls = (port: number) => {
  const base = `http://localhost:${port}`;
  return { NEXT_PUBLIC_NHOST_AUTH_URL: `${base}/v1/auth`, NEXT_PUBLIC_NHOST_GRAPHQL_URL: `${base}/v1/graphql`, NEXT_PUBLIC_NHOST_STORAGE_URL: `${base}/v1/storage`, NEXT_PUBLIC_NHOST_FUNCTIONS_URL: `${base}/v1/functions` };
};
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PROFILE = argValue('--profile');
const TRACE = argValue('--trace');
const PASSES = Math.max(1, Number(process.env.BENCH_CALENDAR_PASSES ?? 1));
const webEnv = (port: number) => ({ NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', NEXT_BROWSER_SOURCE_MAPS: PROFILE ? 'true' : 'false', ...backendUrls(port) });

function build(port: number): Promise<void> {
  console.log(`building into ${DIST_DIR} ...`);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], { env: { ...process.env, ...webEnv(port) }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`next build failed:\n${stdout}\n${stderr}`));
      else {
        fs.writeFileSync(BUILD_PORT, String(port));
        resolve();
      }
    }),
  );
}

async function gql<T>(port: number, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`http://localhost:${port}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': ADMIN_SECRET }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

interface ScrollResult {
  ms: number;
  frames: number;
  p50: number;
  p95: number;
  max: number;
  longTasks: number;
  longestTask: number;
}

/** Scrolls the whole year in the page, a week per frame, collecting long tasks and frame times. */
async function scrollYear(longTaskMs: number): Promise<ScrollResult> {
  const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
  const long: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  const frames: number[] = [];
  let last = performance.now();
  const started = last;
  while (grid.scrollLeft + grid.clientWidth < grid.scrollWidth - 1) {
    grid.scrollLeft += 7 * 56;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    frames.push(now - last);
    last = now;
  }
  // Let the last windows arrive and render.
  await new Promise((r) => setTimeout(r, 1500));
  observer.disconnect();
  frames.sort((a, b) => a - b);
  return { ms: last - started, frames: frames.length, p50: frames[Math.floor(frames.length / 2)], p95: frames[Math.floor(frames.length * 0.95)], max: frames[frames.length - 1], longTasks: long.filter((d) => d > longTaskMs).length, longestTask: long.length ? Math.max(...long) : 0 };
}

/** Back to the start of the range, and its window loaded and drawn. */
async function rewind(): Promise<void> {
  const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
  grid.scrollLeft = 0;
  await new Promise((r) => setTimeout(r, 3000));
}

async function main(): Promise<void> {
  const skipBuild = process.argv.includes('--skip-build');
  const reuse = skipBuild && fs.existsSync(BUILD_PORT);
  const backendPort = reuse ? Number(fs.readFileSync(BUILD_PORT, 'utf8')) : Number(process.env.BENCH_CALENDAR_BACKEND_PORT ?? 0) || (await freePort());
  const webPort = Number(process.env.BENCH_CALENDAR_WEB_PORT ?? 0) || (await freePort());
  if (!reuse) await build(backendPort);
  const keep = process.env.BENCH_CALENDAR_DATA_DIR;
  const data = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-bench-calendar-'));
  const seedFile = path.join(data, 'bench-seed.json');
  try {
    const first = new Date();
    const from = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 1, 1));
    const seeded = Date.now();
    const kept = fs.existsSync(seedFile) ? (JSON.parse(fs.readFileSync(seedFile, 'utf8')) as { accommodationId: string; bookings: number; units: number; from: string }) : null;
    const reused = kept && kept.units === UNITS && kept.from === iso(from) ? kept : null;
    if (!reused && kept) throw new Error(`${data} holds another benchmark's data (${kept.units} units from ${kept.from}); delete it or pick another BENCH_CALENDAR_DATA_DIR`);
    let created = reused;
    if (!created) {
      // Migrations, demo data and the benchmark's data by SQL before the backend first starts, so
      // its event triggers are not installed yet: the data queues no events (through GraphQL it
      // queued ~11.7k, delivered for minutes on the same database before anything could be timed).
      const db = await openDb({ dataDir: data, statementTimeoutMs: 0 });
      try {
        await migrate(db, { projectDir: loadConfig({}, process.env).projectDir, applySeeds: true });
        created = { ...(await seedCalendarData(db, iso(from), UNITS)), units: UNITS, from: iso(from) };
        await db.exec('ANALYZE');
      } finally {
        await db.close();
      }
      if (keep) fs.writeFileSync(seedFile, JSON.stringify(created));
    }
    const { accommodationId, bookings } = created;
    const backend = start('npx', ['tsx', 'backend/cli.ts', '--port', String(backendPort), '--data', data], { NHOST_BACKEND_QUIET: 'true', AUTH_RATE_LIMIT_ENABLE: 'false', AUTH_CLIENT_URL: `http://localhost:${webPort}` });
    await waitForUrl(`http://localhost:${backendPort}/healthz`, backend.child);
    console.log(reused ? `reusing the database in ${data}: ${UNITS} units, ${bookings} stays` : `seeded ${UNITS} units x ${DAYS} nights, ${bookings} stays in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const web = start(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(webPort)], webEnv(backendPort));
    await waitForUrl(`http://localhost:${webPort}/`, web.child);
    // Let the events worker try every event the inserts queued (cleaning plans, NTAK) before
    // measuring: while it works it shares the embedded database with the page's requests, and the
    // window then took 11 s here (npm run bench:calendar-window measures that case on its own).
    const drained = await waitForEvents(backendPort);
    console.log(`events queued by the seed tried once in ${(drained / 1000).toFixed(1)} s`);
    // The window the page asks for, as one HTTP round trip (the subscription's first answer is the same query).
    const windowQuery = ['src/features/calendar/graphql/calendarWindow.graphql', 'src/features/calendar/graphql/fragments.graphql', 'src/features/accommodations/graphql/fragments.graphql']
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n')
      .replace(/^subscription /m, 'query ');
    const roundTrips: string[] = [];
    for (const [unitCount, nights] of WINDOWS.filter(([n]) => n <= UNITS)) {
      const ids = (await gql<{ units: { id: string }[] }>(backendPort, `query ($a: uuid!) { units(where: { accommodation_id: { _eq: $a } }, order_by: { position: asc }, limit: ${unitCount}) { id } }`, { a: accommodationId })).units.map((u) => u.id);
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t0 = Date.now();
        await gql(backendPort, windowQuery, { units: { id: { _in: ids } }, from: iso(from), to: iso(addDays(from, nights)) });
        times.push(Date.now() - t0);
      }
      roundTrips.push(`${unitCount} units x ${nights} nights ${[...times].sort((a, b) => a - b)[2]} ms`);
    }

    const browser = await chromium.launch({ executablePath: findChromium()?.path });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with a __name helper the page does not have.
    await page.addInitScript('window.__name = (f) => f;');
    let subscriptions = 0;
    const answers: number[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => {
        if (typeof f.payload === 'string' && f.payload.includes('"subscribe"') && f.payload.includes('CalendarWindow')) subscriptions += 1;
      });
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && f.payload.includes('"next"')) answers.push(f.payload.length);
      });
    });
    await page.goto(`http://localhost:${webPort}/sign-in`);
    await page.getByLabel('Email').fill('member@demo.staydesk.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('staydesk-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    await page.evaluate((id) => window.localStorage.setItem('calendar-accommodationIds', JSON.stringify([id])), accommodationId);
    await page.goto(`http://localhost:${webPort}/calendar?date=${iso(addDays(from, 1))}`);
    await page.waitForFunction(() => performance.getEntriesByName('calendar:first-screen').length > 0, undefined, { timeout: 60_000 });
    const marks = await page.evaluate(() => {
      const at = (n: string) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
      return { data: at('calendar:data'), firstScreen: at('calendar:first-screen') };
    });
    const rows = await page.locator('[role="row"][data-row-key]').count();
    const cells = await page.locator('[role="gridcell"]').count();

    // Scroll the whole year, a week per frame, collecting long tasks and frame times, and the CPU
    // the servers and the browser used meanwhile (what the page's main thread shares the cores with).
    const passes: ScrollResult[] = [];
    const cpuOf = () => {
      const [all, backendMs, webMs] = treeCpuMs([process.pid, backend.child.pid ?? -1, web.child.pid ?? -1]) ?? [];
      const own = process.cpuUsage();
      return all === undefined ? null : { backendMs, webMs, browserMs: all - backendMs - webMs - (own.user + own.system) / 1000 };
    };
    const cpu = { backendMs: 0, webMs: 0, browserMs: 0 };
    for (let i = 0; i < PASSES; i += 1) {
      if (i > 0) await page.evaluate(rewind);
      const before = cpuOf();
      passes.push(await page.evaluate(scrollYear, LONG_TASK_MS));
      const after = cpuOf();
      if (before && after) for (const k of Object.keys(cpu) as (keyof typeof cpu)[]) cpu[k] += after[k] - before[k];
    }
    const scroll = passes[0];
    if (PROFILE) {
      await page.evaluate(rewind);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const profiled = await page.evaluate(scrollYear, LONG_TASK_MS);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      fs.writeFileSync(PROFILE, JSON.stringify(profile));
      const stretches = busyStretches(profile, LONG_TASK_MS, await frameNamer(profile));
      console.log(`\nProfiled pass (profiler on: ${profiled.longTasks} long tasks, longest ${profiled.longestTask.toFixed(0)} ms); ${PROFILE}`);
      console.log(`busy stretches over ${LONG_TASK_MS} ms: ${stretches.length} (${stretches.map((x) => x.ms.toFixed(0)).join(', ')} ms)`);
      for (const st of stretches) {
        console.log(`\n  at ${st.start.toFixed(0)} ms, ${st.ms.toFixed(1)} ms; inclusive:`);
        console.log(top(st.inclusive, 25).map((l) => `    ${l}`).join('\n'));
        console.log('  self:');
        console.log(top(st.self, 12).map((l) => `    ${l}`).join('\n'));
      }
      console.log('\n  all stretches together, inclusive:');
      console.log(top(total(stretches, 'inclusive'), 40).map((l) => `    ${l}`).join('\n'));
      console.log('  all stretches together, self:');
      console.log(top(total(stretches, 'self'), 25).map((l) => `    ${l}`).join('\n'));
    }
    if (TRACE) {
      await page.evaluate(rewind);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const traced = await page.evaluate(scrollYear, LONG_TASK_MS);
      const buffer = await browser.stopTracing();
      fs.writeFileSync(TRACE, buffer);
      const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      const summary = summariseTrace(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []), LONG_TASK_MS);
      console.log(`\nTraced pass (tracing on: ${traced.longTasks} long tasks, longest ${traced.longestTask.toFixed(0)} ms, ${traced.frames} frames, frame p50 ${traced.p50.toFixed(1)} ms); ${TRACE}`);
      if (summary) {
        console.log(`  main thread: ${summary.tasks} tasks, ${summary.busy.toFixed(0)} ms busy (${summary.busyCpu.toFixed(0)} ms of CPU); tasks over ${LONG_TASK_MS} ms: ${summary.long.length} (${summary.long.map((d) => d.toFixed(0)).join(', ')} ms)`);
        const over = (ms: number) => summary.cpu.filter((c) => c > ms).length;
        console.log(`  task CPU: longest ${summary.cpu.slice(0, 5).map((c) => c.toFixed(1)).join(', ')} ms; tasks over 30 / 16 / 10 ms of CPU: ${over(30)} / ${over(16)} / ${over(10)}`);
        console.log('  self CPU time per event, whole pass:');
        console.log(top(summary.self, 20).map((l) => `    ${l}`).join('\n'));
        console.log('  self CPU time per event, within the long tasks:');
        console.log(top(summary.longSelf, 15).map((l) => `    ${l}`).join('\n'));
      }
    }
    await browser.close();

    const firstScreen = marks.firstScreen - marks.data;
    console.log(`\nCalendar, ${UNITS} units x 365 nights (production build, Chromium 1440x900):`);
    console.log(`  first screen after the data arrived: ${firstScreen.toFixed(0)} ms (target <= ${FIRST_SCREEN_TARGET_MS}) ${firstScreen <= FIRST_SCREEN_TARGET_MS ? 'ok' : 'OVER'}`);
    console.log(`  data arrived ${marks.data.toFixed(0)} ms after navigation start; rows drawn ${rows}, cells drawn ${cells}`);
    console.log(`  one window (rates, dates, rules, stays) as one GraphQL round trip, median of 5: ${roundTrips.join(', ')}`);
    console.log(`  horizontal scroll of the year: ${scroll.frames} frames in ${scroll.ms.toFixed(0)} ms; frame p50 ${scroll.p50.toFixed(1)} ms, p95 ${scroll.p95.toFixed(1)} ms, max ${scroll.max.toFixed(1)} ms`);
    console.log(`  long tasks over ${LONG_TASK_MS} ms while scrolling: ${scroll.longTasks} (target 0), longest ${scroll.longestTask.toFixed(0)} ms`);
    if (passes.length > 1) console.log(`  every pass (long tasks / longest ms / frame p95 ms): ${passes.map((p) => `${p.longTasks}/${p.longestTask.toFixed(0)}/${p.p95.toFixed(0)}`).join(', ')}`);
    if (cpu.browserMs > 0) {
      const per = (ms: number) => (ms / PASSES).toFixed(0);
      console.log(`  CPU per pass (scroll and the 1.5 s after it, mean of ${PASSES}): backend ${per(cpu.backendMs)} ms, web server ${per(cpu.webMs)} ms, browser (all its processes) ${per(cpu.browserMs)} ms; load ${os.loadavg()[0].toFixed(1)}`);
    }
    const kB = (n: number | undefined) => ((n ?? 0) / 1024).toFixed(0);
    const sizes = [...answers].sort((a, b) => a - b);
    console.log(`  window subscriptions started: ${subscriptions} (the rows' units once, then one per 28-day window crossed, each one GraphQL operation); answers: ${sizes.length}, median ${kB(sizes[Math.floor(sizes.length / 2)])} kB, largest ${kB(sizes[sizes.length - 1])} kB, ${kB(sizes.reduce((a, b) => a + b, 0))} kB in all`);
  } finally {
    stopAll();
    if (!keep) fs.rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
