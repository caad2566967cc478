// Runs Lighthouse (mobile, its default) on one URL in Debian's Chromium and reads the scores and
// the Core Web Vitals from its JSON report. Lighthouse is fetched by npx at run time: it is large
// and only this benchmark needs it, so it is not a project dependency.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const LIGHTHOUSE = 'lighthouse@12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseResult {
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

export function readReport(url: string, report: Report): LighthouseResult {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    url,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    },
  };
}

export async function runLighthouse(url: string, outDir: string, chromePath = '/usr/bin/chromium'): Promise<LighthouseResult> {
  const file = path.join(outDir, `${url.replace(/[^a-z0-9]+/gi, '_')}.json`);
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${file}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
  ];
  await new Promise<void>((resolve, reject) => {
    execFile('npx', args, { env: { ...process.env, CHROME_PATH: chromePath }, timeout: 180_000, maxBuffer: 32 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`lighthouse failed on ${url}: ${stderr.trim().split('\n').slice(-3).join(' ') || error.message}`)) : resolve(),
    );
  });
  return readReport(url, JSON.parse(fs.readFileSync(file, 'utf8')) as Report);
}
