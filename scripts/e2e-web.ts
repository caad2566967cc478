// Where the e2e servers run and what the e2e production build is built with: shared by
// playwright.config.ts (which starts the servers) and scripts/test.ts (which makes the run's one
// build as its own timed step before the specs, and starts the e2e backend while it builds). Ports, data and build folders can be moved so two
// e2e runs on one machine do not collide.
export const E2E_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 1437);
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
/**
 * The NTAK and VIZA doubles and their NTAK portal (scripts/e2e-backend.ts). 0, the default, takes
 * any free port, so e2e runs side by side never collide; the ports taken are published in
 * E2E_REGISTRY_FILE for the specs.
 */
export const E2E_NTAK_PORT = Number(process.env.E2E_NTAK_PORT ?? 0);
export const E2E_VIZA_PORT = Number(process.env.E2E_VIZA_PORT ?? 0);
export const E2E_PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 0);
export const E2E_REGISTRY_FILE = `${E2E_DATA_DIR}/registry-doubles/urls.json`;
/** A booking stored before the country check, with the booker's country `UK` (scripts/e2e-backend.ts). */
export const E2E_LEGACY_BOOKING = 'e2e0c0de-0000-4000-a000-000000000001';
export const E2E_NEXT_DIST_DIR = process.env.E2E_NEXT_DIST_DIR ?? 'node_modules/.cache/next-e2e';

/** The web app's environment for the e2e build and `next start`: its own build folder, the e2e backend's URLs. */
export function e2eWebEnv(): Record<string, string> {
  const backend = `http://localhost:${E2E_BACKEND_PORT}`;
  return {
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    // Its own build folder, so a `next dev` running in the checkout is not disturbed.
    NEXT_DIST_DIR: E2E_NEXT_DIST_DIR,
    NEXT_PUBLIC_NHOST_AUTH_URL: `${backend}/v1/auth`,
    NEXT_PUBLIC_NHOST_GRAPHQL_URL: `${backend}/v1/graphql`,
    NEXT_PUBLIC_NHOST_STORAGE_URL: `${backend}/v1/storage`,
    NEXT_PUBLIC_NHOST_FUNCTIONS_URL: `${backend}/v1/functions`,
  };
}

/** The e2e backend's command line (scripts/e2e-backend.ts) and its environment beyond the caller's. */
export const E2E_BACKEND_ARGS = ['scripts/e2e-backend.ts', '--port', String(E2E_BACKEND_PORT), '--data', E2E_DATA_DIR];
export const E2E_BACKEND_COMMAND = `tsx ${E2E_BACKEND_ARGS.join(' ')}`;
export const E2E_BACKEND_URL = `http://localhost:${E2E_BACKEND_PORT}/healthz`;
export function e2eBackendEnv(): Record<string, string> {
  return { AUTH_RATE_LIMIT_ENABLE: 'false', AUTH_CLIENT_URL: `http://localhost:${E2E_WEB_PORT}`, NHOST_BACKEND_QUIET: 'true' };
}
/**
 * Set by scripts/test.ts when it has started the e2e backend itself (during the build) and waited
 * for it: Playwright then uses that one instead of starting its own. Never set by hand: a server
 * left over on the port from another run would be taken for this run's.
 */
export const E2E_BACKEND_STARTED = 'E2E_BACKEND_STARTED';
