// `npm run bench:web`: page weight and Lighthouse scores of the web app (not a timed test).
// 1. `next build` into its own folder; the route table: each route's size and First Load JS.
// 2. The embedded backend and `next start` on free ports.
// 3. Lighthouse (mobile) on the public pages, the guest journey and staff pages signed in (a demo
//    manager's refresh-token cookie, fresh per run): scores and Core Web Vitals, twice: with
//    Lighthouse's default 4x CPU slowdown, and calibrated for this host (the multiplier Lighthouse's
//    docs/throttling.md procedure gives for the runs' benchmarkIndex: bench-web/calibration.ts).
//    Targets are checked against both sets; both are printed.
// 4. Main-thread CPU of each page's load from Chromium's trace (thread time, so it moves little with
//    the machine's load): bench-web/mainThread.ts.
// `--lh-runs=<n>` runs Lighthouse n times per page and reports the median run by performance score
// (default 1; Lighthouse's docs advise 5 for a figure to judge a target by), and beside it the runs
// whose first paint headless Chromium held for a second or more (bench-web/lighthouse.ts,
// heldFirstPaint) with the median of the other runs. `--skip-build` reuses the last bench build; `--keep-reports` keeps Lighthouse's JSON reports and
// traces (to see what blocks the main thread; scripts/bench-web/lighthouseTasks.ts lists a trace's tasks); `--analyze` builds with the bundle analyser and lists what the
// largest chunks hold (treemaps in <dist>/analyze/client.html); `--journey-only` measures the
// guest journey pages alone; `--only=<text>[,<text>]` the pages whose path contains one of them; `--cpu-only` the CPU
// figures alone, `--desktop` the CPU figures at Lighthouse's desktop size (1350 x 940: the staff pages'
// permanent navigation) instead of the phone's, `--no-cpu` Lighthouse alone, `--default-only` no calibrated set, `--cpu-runs=<n>`
// loads per page for the CPU figures (median, default 3); `--profile` records one more load of each
// page under the CPU profiler and prints what ran in its long stretches, named through source maps
// (a build made with --profile has them; profiles kept with the reports). `--against=<dist dir>`
// measures the CPU figures of an earlier bench build too, its loads interleaved with this build's
// (a paired before/after that a shared machine's load swings alike; implies --cpu-only). Targets: First Load JS of the lean
// public pages (the landing page and the guest journey) at or under 150 kB, of every other page at
// or under 300 kB; Lighthouse performance of `/` at least 95, of the staff and sign-in pages at least
// 90 with TBT under 300 ms, of the journey pages at least 97 with TBT under 150 ms (reported, never
// failing the run).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBuildOutput, type BuildSizes } from './bench-web/buildOutput';
import { readReport } from './bench-web/bundleReport';
import { calibratedCpuMultiplier, medianBenchmarkIndex } from './bench-web/calibration';
import { HELD_FIRST_PAINT_MS, LIGHTHOUSE, medianRun, runLighthouse, type LighthouseResult } from './bench-web/lighthouse';
import { frameNamer, top, windowsOf, type Stretch } from './bench-calendar/cpuProfile';
import { launchForTrace, measureMainThread, medianFigures, profileLoad, scriptLabel, type Device, type MainThreadFigures, type MainThreadTask } from './bench-web/mainThread';
import { freePort, start, stopAll, waitForUrl } from './bench-web/processes';

// BENCH_DIST_DIR measures another build folder (e.g. a copy of an earlier build, for a before/after).
const DIST_DIR = process.env.BENCH_DIST_DIR ?? 'node_modules/.cache/next-bench';
const BUILD_LOG = path.join(DIST_DIR, 'bench-build-output.txt');
const BUILD_PORT = path.join(DIST_DIR, 'bench-backend-port.txt');
/** Pages a guest or visitor opens, often on a phone (the landing page, every journey and travel page): they must stay lean. */
const isLeanPage = (route: string) => route === '/' || /^\/(journey|travel)\//.test(route);
const LEAN_BUDGET_KB = 150;
/** Staff pages measured by Lighthouse; every other page (staff, owner, contractor, sign-in) has the STAFF_BUDGET_KB weight budget. */
const STAFF_PAGES = ['/accommodations'];
const STAFF_BUDGET_KB = 300;
/** Next's own entries, not pages anyone opens. */
const NOT_PAGES = /^\/(_app|_document|_error|404|500)$|^\/api\//;
/** Each page measured signed out, and with `signedIn` as the demo property manager. */
const LIGHTHOUSE_PAGES: { page: string; signedIn: boolean }[] = [
  { page: '/', signedIn: false },
  { page: '/hu', signedIn: false },
  { page: '/sign-in', signedIn: false },
  { page: '/hu/sign-in', signedIn: false },
  { page: '/accommodations', signedIn: false },
  { page: '/sign-in', signedIn: true },
  { page: '/accommodations', signedIn: true },
];
const PERFORMANCE_TARGET = 95;
/** The guest journey (issue 16): Lighthouse performance and Total Blocking Time on a phone. */
const JOURNEY_PERFORMANCE_TARGET = 97;
const JOURNEY_TBT_TARGET_MS = 150;
/** Journey pages measured with the id of a demo booking arriving within the journey's 5-day window. */
const JOURNEY_PAGES = (journeyId: string) => [`/journey/${journeyId}`, `/journey/${journeyId}/checkin`, `/travel/${journeyId}/transfer`];
const STAFF_PERFORMANCE_TARGET = 90;
const TBT_TARGET_MS = 300;
const DEMO_USER = { email: 'manager@demo.staydesk.test', password: 'staydesk-demo' };

const pad = (s: string | number, n: number) => String(s).padStart(n);

async function admin<T>(backendPort: number, query: string, variables: Record<string, unknown>): Promise<T | undefined> {
  const response = await fetch(`http://localhost:${backendPort}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': process.env.NHOST_ADMIN_SECRET ?? 'nhost-admin-secret' },
    body: JSON.stringify({ query, variables }),
  });
  return ((await response.json()) as { data?: T }).data;
}

/**
 * The journey id of a demo booking whose journey is open (check-in today to 4 days ahead), with
 * the stay its page shows. The seed makes journey ids from md5 sums, which are not RFC 4122 uuids:
 * the journey functions refuse them (400), and the pages measured were the "invalid link" form
 * until 2026-11-27. The booking gets a random (version 4) id, as every booking made in the app.
 */
async function openJourney(backendPort: number): Promise<{ journeyId: string; customerName: string }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
  const found = await admin<{ bookings: { id: string; customer_name: string }[] }>(
    backendPort,
    `query($from: date!, $until: date!) { bookings(where: {checkin: {_gte: $from, _lte: $until}, status: {_neq: cancelled}}, order_by: {checkin: asc}, limit: 1) { id customer_name } }`,
    { from: today, until },
  );
  const booking = found?.bookings[0];
  if (!booking) throw new Error('no demo booking with an open journey');
  const journeyId = randomUUID();
  const updated = await admin<{ update_bookings_by_pk: { journey_id: string } | null }>(backendPort, `mutation($id: uuid!, $journeyId: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {journey_id: $journeyId}) { journey_id } }`, { id: booking.id, journeyId });
  if (updated?.update_bookings_by_pk?.journey_id !== journeyId) throw new Error('could not give the demo booking a journey id');
  return { journeyId, customerName: booking.customer_name };
}

/** Lighthouse scores whatever the page shows: make sure it is the stay, not an error and the find-booking form. */
async function checkJourneyPages(webPort: number, pages: string[], customerName: string): Promise<void> {
  for (const page of pages) {
    const html = await (await fetch(`http://localhost:${webPort}${page}`)).text();
    if (!html.includes(customerName)) throw new Error(`${page} does not show the booking's stay (the guest's name is missing)`);
  }
}
const padEnd = (s: string | number, n: number) => String(s).padEnd(n);

function backendUrls(port: number): Record<string, string> {
  const base = `http://localhost:${port}`;
  return {
    NEXT_PUBLIC_NHOST_AUTH_URL: `${base}/v1/auth`,
    NEXT_PUBLIC_NHOST_GRAPHQL_URL: `${base}/v1/graphql`,
    NEXT_PUBLIC_NHOST_STORAGE_URL: `${base}/v1/storage`,
    NEXT_PUBLIC_NHOST_FUNCTIONS_URL: `${base}/v1/functions`,
  };
}

/** A fresh refresh token of the demo user (each page load rotates it, so one per Lighthouse run). */
async function demoSessionCookie(backendPort: number): Promise<string> {
  const response = await fetch(`http://localhost:${backendPort}/v1/auth/signin/email-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_USER) });
  const body = (await response.json()) as { session?: { refreshToken?: string } };
  const token = body.session?.refreshToken;
  if (!token) throw new Error(`demo sign-in failed: ${response.status}`);
  return `nhostRefreshToken=${token}`;
}

const webEnv = (backendPort: number, distDir = DIST_DIR) => ({ NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', ...backendUrls(backendPort) });

async function build(backendPort: number, analyze: boolean, sourceMaps: boolean): Promise<string> {
  console.log(`building into ${DIST_DIR} ...`);
  const output = await new Promise<string>((resolve, reject) => {
    const extra = { ...(analyze ? { ANALYZE: 'true' } : {}), ...(sourceMaps ? { NEXT_BROWSER_SOURCE_MAPS: 'true' } : {}) };
    execFile(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], { env: { ...process.env, ...webEnv(backendPort), ...extra }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`next build failed:\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
  fs.writeFileSync(BUILD_LOG, output);
  fs.writeFileSync(BUILD_PORT, String(backendPort));
  return output;
}

function printSizes(sizes: BuildSizes): void {
  console.log('\nPage weight (next build, gzipped kB; First Load JS = what a first visit downloads)');
  console.log(`${padEnd('route', 24)} ${pad('kind', 7)} ${pad('page', 8)} ${pad('first load', 11)}  budget`);
  console.log(`${'-'.repeat(24)} ${'-'.repeat(7)} ${'-'.repeat(8)} ${'-'.repeat(11)}  ${'-'.repeat(22)}`);
  for (const r of sizes.routes) {
    const limit = isLeanPage(r.path) ? LEAN_BUDGET_KB : NOT_PAGES.test(r.path) ? null : STAFF_BUDGET_KB;
    const budget = limit === null ? '' : r.firstLoadKb <= limit ? `<= ${limit} kB ok` : `<= ${limit} kB MISSED`;
    console.log(`${padEnd(r.path, 24)} ${pad(r.kind, 7)} ${pad(r.sizeKb.toFixed(2), 8)} ${pad(r.firstLoadKb.toFixed(0), 11)}  ${budget}`);
  }
  console.log(`shared by all pages: ${sizes.sharedKb} kB (${sizes.sharedChunks.map((c) => `${c.name.replace(/-[0-9a-f]{16}\.js$/, '.js')} ${c.sizeKb}`).join(', ')})`);
}

/** The page's Lighthouse targets (perf at least, TBT under), or null for pages without one. */
function targetOf(page: string): { perf: number; tbtMs?: number } | null {
  if (page === '/') return { perf: PERFORMANCE_TARGET };
  if (/^\/(journey|travel)\//.test(page)) return { perf: JOURNEY_PERFORMANCE_TARGET, tbtMs: JOURNEY_TBT_TARGET_MS };
  if (page === '/sign-in' || page === '/hu/sign-in' || STAFF_PAGES.includes(page)) return { perf: STAFF_PERFORMANCE_TARGET, tbtMs: TBT_TARGET_MS };
  return null;
}
const meets = (r: LighthouseResult, t: { perf: number; tbtMs?: number }) => r.scores.performance >= t.perf && (t.tbtMs === undefined || r.metrics.tbt < t.tbtMs);
const labelOf = (url: string, signedIn: boolean) => {
  const shown = new URL(url).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '[id]');
  return signedIn ? `${shown} (signed in)` : shown;
};

/** Runs whose first paint Chromium held (lighthouse.ts, heldFirstPaint), and the median of the others. */
function heldNote(r: LighthouseResult): string {
  if (!r.heldRuns?.length) return '';
  const others = r.medianOfUnheld ? `; median of the others ${r.medianOfUnheld.scores.performance} / LCP ${r.medianOfUnheld.metrics.lcp.toFixed(0)} / TBT ${r.medianOfUnheld.metrics.tbt.toFixed(0)}` : '';
  return ` [first paint held >= ${HELD_FIRST_PAINT_MS / 1000} s by Chromium in run${r.heldRuns.length > 1 ? 's' : ''} ${r.heldRuns.join(', ')}${others}]`;
}

function printLighthouse(results: LighthouseResult[], title: string): void {
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} (mobile emulation, simulated slow 4G), ${title}; scores 0-100, times in ms`);
  console.log(`${padEnd('url', 28)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('best', 5)} ${pad('FCP', 6)} ${pad('LCP', 6)} ${pad('TBT', 5)} ${pad('CLS', 6)} ${pad('SI', 6)} ${pad('bench', 6)} ${pad('cpu', 4)}  target`);
  console.log(`${'-'.repeat(28)} ${'-'.repeat(5)} ${'-'.repeat(5)} ${'-'.repeat(5)} ${'-'.repeat(6)} ${'-'.repeat(6)} ${'-'.repeat(5)} ${'-'.repeat(6)} ${'-'.repeat(6)} ${'-'.repeat(6)} ${'-'.repeat(4)}  ${'-'.repeat(18)}`);
  for (const r of results) {
    const m = r.metrics;
    const t = targetOf(new URL(r.url).pathname);
    const target = `${t ? `perf >= ${t.perf}${t.tbtMs === undefined ? '' : `, TBT < ${t.tbtMs}`} ${meets(r, t) ? 'ok' : 'MISSED'}` : ''}${r.performanceOfRuns ? ` (median of perf ${r.performanceOfRuns.join(', ')})` : ''}${heldNote(r)}`;
    console.log(
      `${padEnd(labelOf(r.url, r.signedIn), 28)} ${pad(r.scores.performance, 5)} ${pad(r.scores.accessibility, 5)} ${pad(r.scores['best-practices'], 5)} ${pad(m.fcp.toFixed(0), 6)} ${pad(m.lcp.toFixed(0), 6)} ${pad(m.tbt.toFixed(0), 5)} ${pad(m.cls.toFixed(3), 6)} ${pad(m.speedIndex.toFixed(0), 6)} ${pad(r.benchmarkIndex.toFixed(0), 6)} ${pad(r.cpuMultiplier, 4)}  ${target}`,
    );
  }
}

/** Which targets each set of runs met: both sets are reported, neither replaces the other. */
function printTargetSummary(sets: { title: string; results: LighthouseResult[] }[]): void {
  console.log('\nTargets met');
  /** One line: how many pages met their target, each page judged by the run `pick` gives. */
  const line = (title: string, results: LighthouseResult[], pick: (r: LighthouseResult) => LighthouseResult) => {
    const checked = results.flatMap((r) => {
      const t = targetOf(new URL(r.url).pathname);
      return t ? [{ label: labelOf(r.url, r.signedIn), ok: meets(pick(r), t) }] : [];
    });
    const missed = checked.filter((c) => !c.ok).map((c) => c.label);
    console.log(`  ${title}: ${checked.length - missed.length}/${checked.length}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`);
  };
  for (const { title, results } of sets) {
    line(title, results, (r) => r);
    // Beside it, never instead: the medians of the runs whose first paint Chromium did not hold.
    if (results.some((r) => r.medianOfUnheld)) line(`${title}, runs whose first paint was not held`, results, (r) => r.medianOfUnheld ?? r);
  }
}

function printMainThread(rows: { label: string; figures: MainThreadFigures }[], runs: number, device: Device): void {
  console.log(`\nMain-thread CPU during load (Chromium trace, thread time of each top-level task; ${device} viewport, no throttling; median of ${runs}), ms`);
  console.log(`${padEnd('url', 28)} ${pad('CPU', 6)} ${pad('long', 5)} ${pad('blocking', 9)} ${pad('at 4x', 7)}  longest tasks (CPU ms, first script)`);
  console.log(`${'-'.repeat(28)} ${'-'.repeat(6)} ${'-'.repeat(5)} ${'-'.repeat(9)} ${'-'.repeat(7)}  ${'-'.repeat(36)}`);
  for (const { label, figures: f } of rows) {
    const longest = f.longest
      .slice(0, 3)
      .map((t) => `${t.cpuMs.toFixed(0)} ${scriptLabel(t.url)}`)
      .join(', ');
    console.log(`${padEnd(label, 28)} ${pad(f.cpuMs.toFixed(0), 6)} ${pad(f.longTasks, 5)} ${pad(f.blockingMs.toFixed(0), 9)} ${pad(f.blockingAt4xMs.toFixed(0), 7)}  ${longest}`);
  }
  console.log('(long = tasks of 50 ms CPU or more; blocking = sum of CPU beyond 50 ms per task, a TBT from CPU time; at 4x = the same with each task 4 times longer)');
}

/** Busy stretches of a profiled load worth listing (the profiler's own overhead lengthens them). */
/** Tasks (CPU ms, profiler on) whose functions `--profile` lists. */
const PROFILED_TASK_MS = 20;

/** Sums a function -> ms map by where the functions live: the npm package, else the source folder. */
function byPackage(self: Map<string, number>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [fn, ms] of self) {
    const at = fn.split(' @ ')[1] ?? fn;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(at)?.[1] ?? (/^(src\/[^/]+\/[^/]+)/.exec(at)?.[1] ?? (at.includes('.js:') ? at.split(':')[0] : at));
    sums.set(pkg, (sums.get(pkg) ?? 0) + ms);
  }
  return sums;
}

function printProfile(label: string, tasks: { task: MainThreadTask; ran: Stretch }[]): void {
  console.log(`\nCPU profile of one load of ${label}: tasks of ${PROFILED_TASK_MS} ms CPU or more (profiler on), in order`);
  for (const { task, ran } of tasks) {
    console.log(`  at ${ran.start.toFixed(0)} ms: ${task.cpuMs.toFixed(0)} ms CPU, ${ran.ms.toFixed(0)} ms wall, first script ${scriptLabel(task.url)}`);
    console.log('    self, by package or source folder:');
    for (const line of top(byPackage(ran.self), 8)) console.log(`      ${line}`);
    console.log('    self:');
    for (const line of top(ran.self, 8)) console.log(`      ${line}`);
    console.log('    inclusive:');
    for (const line of top(ran.inclusive, 12)) console.log(`      ${line}`);
  }
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

function printBundleReport(file: string): void {
  const chunks = readReport(file);
  if (!chunks.length) {
    console.log(`\nNo bundle report at ${file}.`);
    return;
  }
  console.log(`\nLargest client chunks (gzipped kB) and the packages in them; treemap: ${file}`);
  for (const c of chunks) console.log(`${padEnd(c.chunk, 40)} ${pad(c.gzipKb.toFixed(1), 7)}  ${c.packages.map((p) => `${p.name} ${p.gzipKb}`).join(', ')}`);
}

async function main(): Promise<void> {
  const began = Date.now();
  const argv = process.argv.slice(2);
  const skipBuild = argv.includes('--skip-build');
  const keepReports = argv.includes('--keep-reports');
  const analyze = argv.includes('--analyze');
  const journeyOnly = argv.includes('--journey-only');
  // --cpu-only: the main-thread CPU figures alone (quick, and far less sensitive to load);
  // --no-cpu: Lighthouse alone; --default-only: no calibrated Lighthouse set; --only=<text>: pages
  // whose path contains the text; --cpu-runs=<n>: loads per page for the CPU figures (median).
  const against = argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
  const cpuOnly = argv.includes('--cpu-only') || Boolean(against);
  const noCpu = argv.includes('--no-cpu');
  const defaultOnly = argv.includes('--default-only');
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const profile = argv.includes('--profile');
  const device: Device = argv.includes('--desktop') ? 'desktop' : 'phone';
  const cpuRuns = Number(argv.find((a) => a.startsWith('--cpu-runs='))?.slice('--cpu-runs='.length)) || 3;
  const lighthouseRuns = Number(argv.find((a) => a.startsWith('--lh-runs='))?.slice('--lh-runs='.length)) || 1;
  console.log(`load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
  // The pages keep the backend URL of their build, so --skip-build starts the backend on the port
  // the build was made for (signed-in pages call it).
  const reuse = skipBuild && fs.existsSync(BUILD_LOG) && fs.existsSync(BUILD_PORT);
  // BENCH_BACKEND_PORT / BENCH_WEB_PORT pin the ports (a shared machine hands each engineer a range).
  // An earlier build to compare with calls the backend port it was built for: this build must too.
  const againstPort = against ? Number(fs.readFileSync(path.join(against, 'bench-backend-port.txt'), 'utf8')) : undefined;
  const backendPort = reuse ? Number(fs.readFileSync(BUILD_PORT, 'utf8')) : againstPort ?? (Number(process.env.BENCH_BACKEND_PORT) || (await freePort()));
  if (againstPort !== undefined && againstPort !== backendPort) throw new Error(`--against: ${against} was built for backend port ${againstPort}, this build for ${backendPort}; rebuild one of them`);
  const webPort = Number(process.env.BENCH_WEB_PORT) || (await freePort());
  const output = reuse ? fs.readFileSync(BUILD_LOG, 'utf8') : await build(backendPort, analyze, profile);
  printSizes(parseBuildOutput(output));
  if (analyze) printBundleReport(path.join(DIST_DIR, 'analyze', 'client.html'));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-bench-web-'));
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-lighthouse-'));
  try {
    const backend = start(process.execPath, ['--import', 'tsx', 'backend/cli.ts', '--port', String(backendPort), '--data', dataDir], {
      NHOST_BACKEND_QUIET: 'true',
      AUTH_CLIENT_URL: `http://localhost:${webPort}`,
      // Every signed-in measurement signs the demo user in afresh (a page load rotates the token):
      // more sign-ins than the auth rate limit allows per minute.
      AUTH_RATE_LIMIT_ENABLE: 'false',
    });
    const web = start(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(webPort)], webEnv(backendPort));
    await waitForUrl(`http://localhost:${backendPort}/healthz`, backend.child).catch((e: Error) => Promise.reject(new Error(`${e.message}\n${backend.output()}`)));
    await waitForUrl(`http://localhost:${webPort}/`, web.child).catch((e: Error) => Promise.reject(new Error(`${e.message}\n${web.output()}`)));
    // BENCH_AGAINST_WEB_PORT pins the earlier build's web server too (within the engineer's range).
    const againstWebPort = against ? Number(process.env.BENCH_AGAINST_WEB_PORT) || (await freePort()) : undefined;
    if (against && againstWebPort) {
      const other = start(process.execPath, [require.resolve('next/dist/bin/next'), 'start', '-p', String(againstWebPort)], webEnv(backendPort, against));
      await waitForUrl(`http://localhost:${againstWebPort}/`, other.child).catch((e: Error) => Promise.reject(new Error(`${e.message}\n${other.output()}`)));
    }

    const journey = await openJourney(backendPort)
      .then(async (j) => (await checkJourneyPages(webPort, JOURNEY_PAGES(j.journeyId), j.customerName), j))
      .catch((e: Error) => (console.log(`\njourney pages skipped: ${e.message}`), undefined));
    const pages = [...(journeyOnly ? [] : LIGHTHOUSE_PAGES), ...(journey ? JOURNEY_PAGES(journey.journeyId).map((page) => ({ page, signedIn: false })) : [])].filter(
      ({ page }) => !only || only.split(',').some((part) => page.includes(part)),
    );
    const lighthouseSet = async (cpuMultiplier?: number): Promise<LighthouseResult[]> => {
      const results: LighthouseResult[] = [];
      for (const { page, signedIn } of pages) {
        try {
          const runs: LighthouseResult[] = [];
          for (let run = 0; run < lighthouseRuns; run++) {
            const cookie = signedIn ? await demoSessionCookie(backendPort) : undefined;
            runs.push(await runLighthouse(`http://localhost:${webPort}${page}`, reports, { cookie, cpuMultiplier, run, saveTrace: keepReports }));
          }
          results.push(lighthouseRuns > 1 ? medianRun(runs) : runs[0]);
        } catch (e) {
          console.log(`\nLighthouse could not run (${(e as Error).message}); page weight above is still valid.`);
          break;
        }
      }
      return results;
    };

    if (!cpuOnly) {
      const byDefault = await lighthouseSet();
      if (byDefault.length) printLighthouse(byDefault, 'default CPU slowdown 4x');
      const sets = [{ title: 'default 4x', results: byDefault }];
      // Calibrated as Lighthouse's docs/throttling.md describes (scripts/bench-web/calibration.ts):
      // the multiplier for this host's benchmarkIndex, the middle one of the default runs.
      const benchmarkIndex = medianBenchmarkIndex(byDefault.map((r) => r.benchmarkIndex));
      if (!defaultOnly && Number.isFinite(benchmarkIndex)) {
        const multiplier = calibratedCpuMultiplier(benchmarkIndex);
        console.log(`\nbenchmarkIndex of this host: ${benchmarkIndex} (runs: ${byDefault.map((r) => r.benchmarkIndex.toFixed(0)).join(', ')}); calibrated CPU slowdown: ${multiplier}x (4x assumes 1500-2000)`);
        const calibrated = await lighthouseSet(multiplier);
        if (calibrated.length) printLighthouse(calibrated, `calibrated CPU slowdown ${multiplier}x`);
        sets.push({ title: `calibrated ${multiplier}x`, results: calibrated });
      }
      if (byDefault.length) printTargetSummary(sets);
      console.log(`load average after Lighthouse: ${loadAverage()}`);
    }

    if (!noCpu) {
      const browser = await launchForTrace();
      try {
        const rows: { label: string; figures: MainThreadFigures }[] = [];
        for (const { page, signedIn } of pages) {
          const url = `http://localhost:${webPort}${page}`;
          const otherUrl = againstWebPort ? `http://localhost:${againstWebPort}${page}` : undefined;
          const runs: MainThreadFigures[] = [];
          const otherRuns: MainThreadFigures[] = [];
          for (let i = 0; i < cpuRuns; i++) {
            runs.push(await measureMainThread(browser, url, signedIn ? await demoSessionCookie(backendPort) : undefined, device));
            if (otherUrl) otherRuns.push(await measureMainThread(browser, otherUrl, signedIn ? await demoSessionCookie(backendPort) : undefined, device));
          }
          rows.push({ label: labelOf(url, signedIn), figures: medianFigures(runs) });
          if (otherUrl) rows.push({ label: `  against: ${labelOf(otherUrl, signedIn)}`, figures: medianFigures(otherRuns) });
        }
        printMainThread(rows, cpuRuns, device);
        if (profile) {
          for (const { page, signedIn } of pages) {
            const url = `http://localhost:${webPort}${page}`;
            const { profile: recorded, tasks } = await profileLoad(browser, url, signedIn ? await demoSessionCookie(backendPort) : undefined, device);
            const file = path.join(reports, `${url.replace(/[^a-z0-9]+/gi, '_')}${signedIn ? '_signed_in' : ''}.cpuprofile`);
            fs.writeFileSync(file, JSON.stringify(recorded));
            const long = tasks.filter((t) => t.cpuMs >= PROFILED_TASK_MS);
            const ran = windowsOf(recorded, long.map((t) => ({ startUs: t.ts, endUs: t.ts + t.dur })), await frameNamer(recorded));
            printProfile(labelOf(url, signedIn), long.map((task, i) => ({ task, ran: ran[i] })));
          }
        }
      } finally {
        await browser.close();
      }
      console.log(`load average after the CPU figures: ${loadAverage()}`);
    }
  } finally {
    stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (keepReports || profile) console.log(`\nLighthouse reports kept in ${reports}`);
    if (!keepReports && !profile) fs.rmSync(reports, { recursive: true, force: true });
  }
  console.log(`\nfinished in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  stopAll();
  process.exit(1);
});
