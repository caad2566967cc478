// Whether the page whose code runs now is the one the browser opened. A staff page starts loading its
// view and the shell when its module runs, in parallel with restoring the session; but Next also runs
// the modules of pages it prefetches (every navigation link in view, once the browser is idle), and
// those must not download and run their views' code on a phone that only looks at this page: that
// was most of the main-thread work of a signed-in staff page (docs/performance.md). The app frame
// marks its first render; any page module that runs after that was prefetched or navigated to, and
// loads its view when it is rendered.
let appRendered = false;

/** Called by the app frame when it renders (the opened page's module has run by then). */
export function markAppRendered(): void {
  appRendered = true;
}

/** True in the browser while the opened page's modules run, false for later pages and on the server. */
export function isOpeningPage(): boolean {
  return typeof window !== 'undefined' && !appRendered;
}
