// Gives the components below the Nhost session client (what @nhost/react's hooks read).
// Why not @nhost/react's NhostProvider: it makes an interpreter per mount and stops it on unmount,
// while the client keeps the first one it was given. Our pages mount the providers per layout, so
// after a lean page (the landing) a remounted NhostProvider would leave every hook on a stopped
// interpreter, stuck in "loading". Here the client starts its own interpreter once per tab, which
// no unmount stops; the session survives layout changes.
import { use, type ReactNode } from 'react';
import type { NhostClient } from '@nhost/nextjs';
import { loadInOwnTask } from '@/lib/openingPage';

type SessionModules = typeof import('./sessionModules');
type Session = { nhost: NhostClient; context: SessionModules['NhostReactContext'] };

function startSession(nhost: NhostClient): void {
  // On the server every render starts afresh (the SDK allows that there); in the browser once.
  if (!nhost.auth.client.started || typeof window === 'undefined') nhost.auth.client.start({ devTools: nhost.devTools });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Marks a promise settled the way React's `use` reads it, so `use` returns its value at once. */
function known<T>(promise: Promise<T>, value: T): Promise<T> {
  return Object.assign(promise, { status: 'fulfilled', value });
}

let serverModules: SessionModules | undefined;
let browserSession: Promise<Session> | undefined;

/**
 * The tab's session client, made and then started, with the context its hooks read. In the browser
 * each step is a task of its own, after the page's modules have run: the SDK (its state machine,
 * xstate, graphql's printer) is a chunk of its own, evaluated when it arrives (it was 59 kB of a
 * staff page's 241 kB first load, and its evaluation part of the page module's, the load's longest
 * task); then its state machine is built, then started (which builds it again with the stored
 * session: ~45 ms of CPU that were inside the page module's evaluation too). Until then the
 * providers' Suspense boundary keeps the server's HTML (docs/performance.md: Total Blocking Time).
 */
export function sessionReady(): Promise<Session> {
  if (typeof window === 'undefined') {
    // The server renders every request afresh; the SDK's module is loaded once per process (the
    // first render waits for it: Next renders pages to completion before sending them).
    const serverSession = (modules: SessionModules): Session => {
      const nhost = modules.sessionNhost();
      startSession(nhost);
      return { nhost, context: modules.NhostReactContext };
    };
    if (serverModules) {
      const session = serverSession(serverModules);
      return known(Promise.resolve(session), session);
    }
    return import('./sessionModules').then((modules) => serverSession((serverModules = modules)));
  }
  // A client that cannot be loaded, made or started rejects, so the page's error boundary says so (a
  // promise left pending would keep the skeleton forever).
  if (browserSession) return browserSession;
  browserSession = import('./sessionModules').then(async ({ sessionNhost, NhostReactContext }) => {
    await nextTask();
    const nhost = sessionNhost();
    await nextTask();
    startSession(nhost);
    const session = { nhost, context: NhostReactContext };
    if (browserSession) known(browserSession, session);
    return session;
  });
  // A chunk that did not arrive is asked for again by the next render (the error boundary's retry).
  browserSession.catch(() => (browserSession = undefined));
  return browserSession;
}

// The opened page (or a navigation's) starts restoring the session once its modules have run, before
// React reaches the providers; a page Next merely prefetched does not (openingPage.ts).
loadInOwnTask(sessionReady);

/** The session of the tab for the components below; suspends until it is started. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { nhost, context: NhostReactContext } = use(sessionReady());
  return <NhostReactContext.Provider value={nhost}>{children}</NhostReactContext.Provider>;
}
