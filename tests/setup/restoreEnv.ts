// In a shared node worker (project node-shared), each file finds the environment as the worker
// started with it: whatever a file or the product code it runs writes to process.env is put back
// when the file ends. The functions runtime writes NHOST_ADMIN_SECRET and the other variables Nhost
// gives functions (backend/functions/index.ts) on every call, so a file whose backend had its own
// admin secret left it behind, and the next file's backend started with that secret and refused
// the default one ("invalid x-hasura-admin-secret", CI 2026-11-27).
import { afterAll } from 'vitest';

const started = { ...process.env };

// Registered before the file's own hooks, so it runs after them (after its backends closed).
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
  Object.assign(process.env, started);
});
