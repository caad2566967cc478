// The two Nhost clients (SPEC 7). `nhost` is the app's session: it signs in from the URL after a
// redirect, refreshes its token and shares sign-in/out with other tabs. `createIsolatedNhost()`
// has both switched off and keeps its session in memory: for guest pages and one-off calls (e.g.
// calling a function for a guest) that must never pick up, replace or rotate the user's session.
// Both send people back to window.location.origin (the SDK's client URL) after e-mailed links.
import { NhostClient } from '@nhost/nextjs';
import { NhostClient as ReactNhostClient } from '@nhost/react';
import { nhostEnvFromProcess, resolveNhostUrls, type NhostServiceUrls } from './config';

// NhostClient reads the service URLs only when `subdomain` is absent from its params (not merely
// undefined), so the params object must never carry that key.
function serviceParams(urls: NhostServiceUrls): NhostServiceUrls {
  return { authUrl: urls.authUrl, graphqlUrl: urls.graphqlUrl, storageUrl: urls.storageUrl, functionsUrl: urls.functionsUrl };
}

export const nhostUrls: NhostServiceUrls = resolveNhostUrls(nhostEnvFromProcess());

export function createSessionNhost(urls: NhostServiceUrls = nhostUrls): NhostClient {
  return new NhostClient({ ...serviceParams(urls), autoSignIn: true, autoRefreshToken: true });
}

export function createIsolatedNhost(urls: NhostServiceUrls = nhostUrls): ReactNhostClient {
  const memory = new Map<string, string>();
  return new ReactNhostClient({
    ...serviceParams(urls),
    autoSignIn: false,
    autoRefreshToken: false,
    clientStorageType: 'custom',
    clientStorage: {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    },
  });
}

let sessionClient: NhostClient | undefined;

/**
 * The one session client of the browser tab (of the server process on the server), made on first
 * use: building it builds the SDK's state machine (xstate), which was a good part of a page module's
 * evaluation, one long task at load (SessionProvider makes it in a task of its own).
 */
export function sessionNhost(): NhostClient {
  return (sessionClient ??= createSessionNhost());
}
