// Unit, component and integration tests. Component tests (*.test.tsx) run in jsdom;
// backend, domain and integration tests (*.test.ts) run in node.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';
import path from 'node:path';
import LongestFirstSequencer from './tests/sequencer';

const exclude = ['node_modules/**', '.next/**', '.data/**', '.data-*/**', 'tests/e2e/**'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, idle
    // whenever a test waits on a backend process, a PostgreSQL server or a timer. Most files start
    // their own backend on a free port and temp folders, so they run side by side safely.
    // `--maxWorkers=N` overrides.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Longest files first, from tests/durations.json (a fresh checkout has no Vitest cache).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'node', include: ['**/*.test.ts'], exclude, environment: 'node' } },
      { extends: true, test: { name: 'dom', include: ['**/*.test.tsx'], exclude, environment: 'jsdom', setupFiles: ['src/test/setup.ts'] } },
    ],
  },
});
