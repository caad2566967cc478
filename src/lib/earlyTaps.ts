// Presses made before React has started on a page are kept and replayed, so a first tap is never
// lost. The server's HTML shows a page's controls well before its scripts have loaded and run
// (1-4 s on /hu/sign-in with the CPU throttled 6x, docs/performance.md "A first tap during
// start-up"). A press then reached no handler: a tab or button did nothing, and a submit button
// sent the form the browser's way (a GET of the same address with every field in it, a password or
// a guest's document number too) and reloaded the page. Once React listens it handles presses
// itself, hydrating the pressed part at once if it has not yet; where that does not take, the
// press is held until the part has hydrated (unhydratedPresses.ts).
//
// EARLY_TAPS_SCRIPT (earlyTapsScript.ts) runs inline in <head>, before the body: until React
// listens on the root element it stops (preventDefault) and queues every press of a button-like
// control, and stops every form submission. Links are left to the browser (they work without scripts), and so are text fields
// and selects (what is typed or chosen stays in the field, and the forms take it on hydration).
// The app frame calls replayEarlyTaps once React has started: each queued control still on the
// page is pressed again, now with React's handlers.

/** Where the head script keeps the presses it held (a window property). */
export const EARLY_TAPS_QUEUE = '__staydeskEarlyTaps';

/** Controls whose press needs the page's scripts. */
export const PRESSABLE = [
  'button',
  'summary',
  'input[type=checkbox]',
  'input[type=radio]',
  'input[type=submit]',
  'input[type=button]',
  'input[type=reset]',
  ...['button', 'tab', 'checkbox', 'radio', 'switch', 'menuitem', 'option'].map((role) => `[role=${role}]`),
].join(',');

/**
 * Presses again what was pressed before React started (in order), in a task of its own: the app
 * frame calls it from its first effect, and an event dispatched within React's commit (where
 * effects run) reaches a part not yet hydrated while React cannot hydrate it, so React drops it.
 * A control the first render replaced is no longer on the page and is skipped: the pages must
 * hydrate without a mismatch.
 */
export function replayEarlyTaps(): void {
  const queue = (window as unknown as Record<string, unknown>)[EARLY_TAPS_QUEUE];
  if (!Array.isArray(queue) || queue.length === 0) return;
  const pressed = queue.splice(0) as unknown[];
  setTimeout(() => {
    for (const control of pressed) {
      if (!(control instanceof HTMLElement) || !control.isConnected) continue;
      // A submission the head script stopped without a press (Enter in a form with no submit button).
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else control.click();
    }
  }, 0);
}
