// Gives the components below the Nhost session client (what @nhost/react's hooks read).
// Why not @nhost/react's NhostProvider: it makes an interpreter per mount and stops it on unmount,
// while the client keeps the first one it was given. Our pages mount the providers per layout, so
// after a lean page (the landing) a remounted NhostProvider would leave every hook on a stopped
// interpreter, stuck in "loading". Here the client starts its own interpreter once per tab, which
// no unmount stops; the session survives layout changes.
import { use, type ReactNode } from 'react';
import { NhostReactContext, type NhostClient } from '@nhost/react';
import { loadsPageCodeNow } from '@/lib/openingPage';
import { sessionNhost } from './clients';

export function startSession(nhost: NhostClient): void {
  // On the server every render starts afresh (the SDK allows that there); in the browser once.
  if (!nhost.auth.client.started || typeof window === 'undefined') nhost.auth.client.start({ devTools: nhost.devTools });
}

/** Marks a promise settled the way React's `use` reads it, so `use` returns its value at once. */
function known<T>(promise: Promise<T>, value: T): Promise<T> {
  return Object.assign(promise, { status: 'fulfilled', value });
}

let browserSession: Promise<NhostClient> | undefined;

/**
 * The tab's session client, made and then started. In the browser each step is a task of its own,
 * after the page's modules have run: building the SDK's state machine and starting it (which builds
 * it again with the stored session) were ~45 ms of CPU inside the page module's evaluation, the
 * load's longest task after React's (docs/performance.md: Total Blocking Time). Until then the
 * providers' Suspense boundary keeps the server's HTML.
 */
export function sessionReady(): Promise<NhostClient> {
  if (typeof window === 'undefined') {
    const nhost = sessionNhost();
    startSession(nhost);
    return known(Promise.resolve(nhost), nhost);
  }
  // A client that cannot be made or started rejects, so the page's error boundary says so (a
  // promise left pending would keep the skeleton forever).
  browserSession ??= new Promise<NhostClient>((resolve, reject) => {
    setTimeout(() => {
      try {
        const nhost = sessionNhost();
        setTimeout(() => {
          try {
            startSession(nhost);
            if (browserSession) known(browserSession, nhost);
            resolve(nhost);
          } catch (error) {
            reject(error);
          }
        });
      } catch (error) {
        reject(error);
      }
    });
  });
  return browserSession;
}

// The opened page (or a navigation's) starts restoring the session once its modules have run, before
// React reaches the providers; a page Next merely prefetched does not (openingPage.ts).
if (loadsPageCodeNow()) void sessionReady();

/** The session of the tab (or the given client, e.g. a test's) for the components below; suspends until it is started. */
export function SessionProvider({ nhost, children }: { nhost?: NhostClient; children: ReactNode }) {
  const client = nhost ?? use(sessionReady());
  if (nhost) startSession(nhost);
  return <NhostReactContext.Provider value={client}>{children}</NhostReactContext.Provider>;
}
