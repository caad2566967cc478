// `npm run test:durations`: writes tests/durations.json (seconds per test file) from Vitest's result
// cache of the last full run, for tests/sequencer.ts to start the longest files first on a fresh
// checkout. Run it after a full `npm run test:unit` when files were added or got much slower.
import fs from 'node:fs';
import path from 'node:path';
import { ISOLATED_DOM_TESTS, ISOLATED_NODE_TESTS } from '../tests/isolation';

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.vite/vitest');

const caches = fs.existsSync(CACHE) ? fs.readdirSync(CACHE).map((d) => path.join(CACHE, d, 'results.json')).filter((f) => fs.existsSync(f)) : [];
if (caches.length === 0) {
  console.error('No Vitest result cache yet: run `npm run test:unit` first.');
  process.exit(1);
}
const newest = caches.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
// The cache keeps every file any run on this checkout ever ran, under every project it ran in: only
// files that exist, under the project vitest.config.mts puts them in now, are written.
function currentKey(file: string): string {
  if (file.endsWith('.tsx')) return `${ISOLATED_DOM_TESTS.includes(file) ? 'dom-isolated' : 'dom'}:${file}`;
  return `${ISOLATED_NODE_TESTS.includes(file) ? 'node' : 'node-shared'}:${file}`;
}
const current = ([key]: [string, unknown]) => {
  const file = key.slice(key.indexOf(':') + 1);
  return fs.existsSync(path.join(ROOT, file)) && key === currentKey(file);
};

const { results } = JSON.parse(fs.readFileSync(newest, 'utf8')) as { results: [string, { duration?: number }][] };
const seconds = Object.fromEntries(
  results
    .filter(([, r]) => typeof r.duration === 'number' && r.duration > 0)
    .filter(current)
    .map(([key, r]) => [key, Math.max(1, Math.round((r.duration as number) / 1000))] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
fs.writeFileSync(path.join(ROOT, 'tests/durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(seconds).length} files from ${path.relative(ROOT, newest)}`);
