// Unit, component and integration tests. Component tests (*.test.tsx) run in jsdom;
// backend, domain and integration tests (*.test.ts) run in node.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const exclude = ['node_modules/**', '.next/**', '.data/**', '.data-*/**', 'tests/e2e/**'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  test: {
    globals: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'node', include: ['**/*.test.ts'], exclude, environment: 'node' } },
      { extends: true, test: { name: 'dom', include: ['**/*.test.tsx'], exclude, environment: 'jsdom', setupFiles: ['src/test/setup.ts'] } },
    ],
  },
});
