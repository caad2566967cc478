// Runs the longest test files first (longest-processing-time scheduling), so the two workers of a
// 2-core CI machine finish together instead of one running a 2-minute file alone at the end.
// Vitest's own order needs its result cache (node_modules/.vite), which a fresh CI checkout does
// not have: without it, it orders by file size and puts one project's files before the other's.
// Durations come from tests/durations.json (`npm run test:durations` rewrites it from the last run's
// cache); a file not listed yet counts as UNKNOWN_MS, and Vitest's cache, when present, wins.
// Files of a project that shares workers (isolate: false) come first, project by project, longest
// first among them.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const UNKNOWN_MS = 10_000;
const DURATIONS_FILE = path.join(__dirname, 'durations.json');

function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const root = this.ctx.config.root;
    const duration = (spec: TestSpecification): number => {
      const file = path.relative(root, spec.moduleId);
      const key = `${spec.project.name}:${file}`;
      // A file moved to another project (node -> node-shared) keeps its recorded time.
      const seconds = recorded[key] ?? Object.entries(recorded).find(([k]) => k.slice(k.indexOf(':') + 1) === file)?.[1];
      return this.ctx.cache.getFileTestResults(key)?.duration ?? (seconds ?? UNKNOWN_MS / 1000) * 1000;
    };
    const withDuration = files.map((spec) => ({ spec, ms: duration(spec), shared: spec.project.config.isolate === false }));
    // The files that share workers (isolate: false) go first, one after another and one project
    // after the other (node-shared, then dom): Vitest keeps a shared worker, and its loaded
    // modules, only while the next file in the queue is of its project.
    const group = (x: { spec: TestSpecification; shared: boolean }) => (x.shared ? x.spec.project.name : '');
    return withDuration
      .sort((a, b) => Number(b.shared) - Number(a.shared) || group(b).localeCompare(group(a)) || b.ms - a.ms)
      .map(({ spec }) => spec);
  }
}
