// Unit, component and integration tests. Component tests (*.test.tsx) run in jsdom;
// backend, domain and integration tests (*.test.ts) run in node.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';
import path from 'node:path';
import { ISOLATED_DOM_TESTS, ISOLATED_NODE_TESTS } from './tests/isolation';
import LongestFirstSequencer from './tests/sequencer';

// STAYDESK_TEST_CPU_LOG=<file>: each test file logs its CPU (tests/setup/cpuLog.ts).
const CPU_LOG = 'tests/setup/cpuLog.ts';
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
    // A function's wait for a GraphQL answer (5 s by default): a backend in a loaded test worker
    // once answered guest-message's query later than that, and the test's setup failed for it.
    env: { FUNCTIONS_GRAPHQL_TIMEOUT_MS: '20000' },
    hookTimeout: 120_000,
    projects: [
      // A fresh worker per file for the node files that change what the next file would see
      // (tests/isolation.ts); every other node file shares its worker's modules with the files
      // before it, so the backend's imports load once per worker, not once per file.
      // Such a worker lives for one file: V8's baseline WebAssembly compiler only (--liftoff-only),
      // as for the backend processes tests start (BACKEND_NODE_ARGS in tests/helpers/processes.ts);
      // the optimising compiles of PGlite's hot functions cost more than one file earns back.
      { extends: true, test: { name: 'node', include: ISOLATED_NODE_TESTS, exclude, environment: 'node', execArgv: ['--liftoff-only'], setupFiles: [CPU_LOG] } },
      // Their in-process test backends take turns on one database per worker, reset between files
      // (tests/helpers/sharedDatabases.ts); STAYDESK_TEST_SHARED_BACKENDS=off gives each its own.
      // process.env is put back after each file (tests/setup/restoreEnv.ts).
      { extends: true, test: { name: 'node-shared', include: ['**/*.test.ts'], exclude: [...exclude, ...ISOLATED_NODE_TESTS], environment: 'node', isolate: false, setupFiles: [CPU_LOG, 'tests/setup/restoreEnv.ts'], env: { STAYDESK_TEST_SHARED_BACKENDS: process.env.STAYDESK_TEST_SHARED_BACKENDS ?? 'on' } } },
      // Component tests the same way: shared workers except the files tests/isolation.ts lists.
      { extends: true, test: { name: 'dom', include: ['**/*.test.tsx'], exclude: [...exclude, ...ISOLATED_DOM_TESTS], environment: 'jsdom', setupFiles: [CPU_LOG, 'src/test/setup.ts'], isolate: false } },
      { extends: true, test: { name: 'dom-isolated', include: ISOLATED_DOM_TESTS, exclude, environment: 'jsdom', setupFiles: [CPU_LOG, 'src/test/setup.ts'] } },
    ],
  },
});
