// Whether a page module that runs now should start loading its view and the shell at once. A staff
// page starts them when its module runs, in parallel with restoring the session (or with the route
// change), rather than after rendering. But Next also runs the modules of pages it prefetches
// (every navigation link in view, once the browser is idle), and those must not download and run
// their views' code on a phone that only looks at this page: that was most of the main-thread work
// of a signed-in staff page (docs/performance.md). So: yes for the page the browser opened (before
// the app frame's first render) and for the page of a navigation under way; no otherwise (a
// prefetched page loads its view when it is shown).
let appRendered = false;
let navigating = false;

/** Called by the app frame when it renders (the opened page's module has run by then). */
export function markAppRendered(): void {
  appRendered = true;
}

interface RouterEvents {
  on(event: string, handler: () => void): void;
  off(event: string, handler: () => void): void;
}

/** Follows Next's route changes (the app frame passes the router's events); returns the unsubscribe. */
export function followNavigations(events: RouterEvents): () => void {
  const start = () => (navigating = true);
  const end = () => (navigating = false);
  events.on('routeChangeStart', start);
  events.on('routeChangeComplete', end);
  events.on('routeChangeError', end);
  return () => {
    events.off('routeChangeStart', start);
    events.off('routeChangeComplete', end);
    events.off('routeChangeError', end);
  };
}

/** True in the browser while the opened page's or a navigation's page modules run; false on the server. */
export function loadsPageCodeNow(): boolean {
  return typeof window !== 'undefined' && (!appRendered || navigating);
}

/**
 * For the opened page's (or a navigation's) modules: runs `load` in a task of its own, queued now,
 * so it runs before React's hydration task. Starting a chunk's download inserts a script element
 * per file (a staff page starts ~30), and Chromium's insertion work was half of the page module's
 * evaluation, the load's longest task (docs/performance.md). Nothing happens for a prefetched page.
 */
export function loadInOwnTask(load: () => Promise<unknown>): void {
  if (!loadsPageCodeNow()) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    void load().catch(() => undefined);
  };
  channel.port2.postMessage(null);
}
