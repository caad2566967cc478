// Runs Lighthouse (mobile, its default) on one URL in Debian's Chromium and reads the scores and
// the Core Web Vitals from its JSON report. Lighthouse is fetched by npx at run time: it is large
// and only this benchmark needs it, so it is not a project dependency.
import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import { chromium } from 'playwright';
import { freePort } from './processes';
import fs from 'node:fs';
import path from 'node:path';

export const LIGHTHOUSE = 'lighthouse@12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseResult {
  url: string;
  /** Measured with a session cookie (a signed-in user). */
  signedIn: boolean;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** Lighthouse's measure of this host's CPU (docs/throttling.md; load lowers it). */
  benchmarkIndex: number;
  /** The simulated CPU slowdown the run used (4 by default). */
  cpuMultiplier: number;
  /** When Chromium presented the page's first contentful frame (observed, not simulated), ms. */
  observedFirstPaint: number;
  /** With several runs of the page (`--lh-runs`): every run's performance score, in run order. */
  performanceOfRuns?: number[];
  /** With several runs: the runs (1-based) whose first paint Chromium held (heldFirstPaint). */
  heldRuns?: number[];
  /** With several runs, some held and some not: the median run (as medianRun) of those not held. */
  medianOfUnheld?: LighthouseResult;
}

/**
 * Headless Chromium sometimes withholds frames from a loading page for whole seconds: its display
 * compositor throttles a renderer it takes for unresponsive to one frame a second
 * (CompositorFrameSinkSupport::ShouldSendBeginFrame, "ThrottleUnresponsiveClient"; Lighthouse issue
 * #17148, seen on PageSpeed Insights too). The first paint then lands at ~1.2 or ~2.2 s after
 * navigation instead of 0.1-0.5 s, with the main thread idle in between, and Lantern builds its LCP
 * from everything the page did before that paint (all its scripts, 4x): /sign-in read 81-85 in
 * such runs and 96-99 in the others of the same build (docs/performance.md, 2026-11-28). On this
 * project's pages (server-rendered, first paint needing only the HTML and one style sheet, on
 * localhost) a first paint at or after this is taken as held.
 */
export const HELD_FIRST_PAINT_MS = 1000;
export const heldFirstPaint = (r: LighthouseResult) => r.observedFirstPaint >= HELD_FIRST_PAINT_MS;

/**
 * The median run of one page by performance score (an even count takes the lower middle), its
 * figures kept whole rather than mixing metrics of different runs. One Lighthouse run swings by
 * 5-10 points on a shared machine (Lighthouse's docs/variability.md advises the median of several).
 */
export function medianRun(runs: readonly LighthouseResult[]): LighthouseResult {
  if (runs.length === 0) throw new Error('no Lighthouse run to take the median of');
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || a.metrics.tbt - b.metrics.tbt);
  const heldRuns = runs.flatMap((r, i) => (heldFirstPaint(r) ? [i + 1] : []));
  const unheld = runs.filter((r) => !heldFirstPaint(r));
  // Reported beside the median of all runs, never instead of it.
  const medianOfUnheld = heldRuns.length > 0 && unheld.length > 0 ? medianRun(unheld) : undefined;
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], performanceOfRuns: runs.map((r) => r.scores.performance), heldRuns, medianOfUnheld };
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { observedFirstContentfulPaint?: number }[] } }>;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
}

export function readReport(url: string, report: Report, signedIn = false): LighthouseResult {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    url,
    signedIn,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    },
    observedFirstPaint: report.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN,
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    cpuMultiplier: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
  };
}

export async function runLighthouse(url: string, outDir: string, options: { cookie?: string; chromePath?: string; cpuMultiplier?: number; run?: number; saveTrace?: boolean } = {}): Promise<LighthouseResult> {
  const chromePath = options.chromePath ?? '/usr/bin/chromium';
  const cpu = options.cpuMultiplier === undefined ? '' : `_cpu${options.cpuMultiplier}`;
  const file = path.join(outDir, `${url.replace(/[^a-z0-9]+/gi, '_')}${options.cookie ? '_signed_in' : ''}${cpu}${options.run ? `_run${options.run + 1}` : ''}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${file}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    // The observed trace (<report>-0.trace.json) beside the report: the tasks Lantern times, with
    // each one's wall (dur) and thread (tdur) time.
    ...(options.saveTrace ? ['--save-assets'] : []),
    ...(options.cpuMultiplier === undefined ? [] : [`--throttling.cpuSlowdownMultiplier=${options.cpuMultiplier}`]),
  ];
  // Signed in: a session is the refresh-token cookie @nhost/nextjs reads in the page, so the cookie
  // goes into a browser Lighthouse then attaches to, and Lighthouse must not clear storage.
  const signedIn = options.cookie ? await browserWithCookie(url, options.cookie, chromePath) : null;
  if (signedIn) args.push(`--port=${signedIn.port}`, '--disable-storage-reset');
  try {
    await new Promise<void>((resolve, reject) => {
      execFile('npx', args, { env: { ...process.env, CHROME_PATH: chromePath }, timeout: 180_000, maxBuffer: 32 * 1024 * 1024 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`lighthouse failed on ${url}: ${stderr.trim().split('\n').slice(-3).join(' ') || error.message}`)) : resolve(),
      );
    });
  } finally {
    await signedIn?.close();
  }
  return readReport(url, JSON.parse(fs.readFileSync(file, 'utf8')) as Report, Boolean(options.cookie));
}

/**
 * The flags Lighthouse's own launcher (chrome-launcher 1.2.1, DEFAULT_FLAGS in dist/flags.js) starts
 * Chromium with, for the browser the signed-in runs bring: without them that browser backgrounded
 * and throttled its renderer, ran its background services and kept RenderDocument on, and 4 of its 6
 * signed-in runs (2026-11-29) began with a 10-38 ms garbage collection before the page's own first
 * task, which Lantern timed at 4x and no signed-out run had.
 */
export const LAUNCHER_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--no-first-run',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--use-mock-keychain',
  '--force-fieldtrials=*BackgroundTracing/default/',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
  '--propagate-iph-for-testing',
];

/** Chromium with a remote-debugging port and `cookie` ("name=value") set for the URL's origin, started as Lighthouse starts its own. */
async function browserWithCookie(url: string, cookie: string, chromePath: string): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-lighthouse-profile-'));
  const child = spawn(chromePath, [...LAUNCHER_FLAGS, '--disable-setuid-sandbox', '--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    // Chromium's helper processes may still be writing the profile for a moment; a leftover
    // folder in the temp dir must not cost the measurement.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // left for the system's temp cleaning
    }
  };
  try {
    let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | null = null;
    for (let attempt = 0; !browser; attempt++) {
      try {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const [name, ...value] = cookie.split('=');
    await browser.contexts()[0].addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
    await browser.close();
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}
