// A press on a control that React has started on but not hydrated yet is never lost.
//
// The head script (earlyTaps.ts) holds presses until React listens on the page. After that, React
// hydrates in parts: the app frame at once, what sits in a Suspense boundary (BaseProviders,
// SlicedHydration, the journey's cards) afterwards, a few milliseconds at a time. react-dom (19.x,
// dispatchEvent in react-dom-client) finds a press's target inside a boundary it has not hydrated
// yet and, as the press is a discrete event (pointerdown, mousedown, click, submit...), hydrates
// that boundary at once: attemptSynchronousHydration, inlined there (an update at SyncLane on the
// boundary, flushSyncWork, markRetryLaneIfNotHydrated). A commit at SyncLane runs its passive
// effects at once too. A press could still be lost in two ways:
//
// - It slips (what lost /hu/sign-in's SMS tab in CI; reproduced 4 times in 6 with the CPU at 4x).
//   The hydration happens on pointerdown, and the hydrated part's effects run before the pointer
//   goes up. MUI's Tabs scroll the selected tab into view when they mount: the visitor (or
//   Playwright) had scrolled the tab list to the fourth tab, the list jumped back, the pointer went
//   up over another tab, and the click went to the tab list (the element both were in), pressing
//   nothing. The background hydration committing between down and up does the same.
// - React drops it. If the boundary is still dehydrated after that attempt (something in it
//   suspends: code or data not there yet), React calls the event's stopPropagation and returns.
//   Nothing replays it: React 18's queue of discrete events to replay (queueDiscreteEvent) is gone;
//   only continuous events (focus, drag, mouse and pointer over/out) are queued and replayed
//   (queueIfContinuousEvent). The browser's own action still happens: a submit button sends its
//   form the browser's way.
//
// Whether an element is hydrated is not simply whether React keeps its fiber on it
// (`__reactFiber$…`): React puts it there while it renders the hydration (completeWork,
// prepareToHydrateHostInstance), before that render commits, and a press in between hydrates the
// part again from the start (seen: the tab had its fiber at pointerdown and still jumped then).
// What this module uses instead:
// - a slip: the pointer went down on a control that React (re)hydrated during the press (the fiber
//   on it is another one at the click: React puts a new fiber there only when it hydrates or
//   creates the element), the control moved, and the click came where the control was at
//   pointerdown. That control is pressed (the misdirected click is stopped).
// - a drop: at the root element, after React's own listener there, the press has been stopped
//   (cancelBubble). React stops a press there only when it could not hydrate its target (the app
//   has no capture-phase handler that stops one). The press is held (its browser action prevented)
//   and pressed again a few times, a little later each time, until React takes it; after
//   RELEASE_AFTER_MS it is pressed unheld, so the browser's own action happens.
import { PRESSABLE } from './earlyTaps';

/** How long a press React could not take waits before the browser's own action is let happen. */
export const RELEASE_AFTER_MS = 4000;
/** The first retry of a dropped press (and how often one not being hydrated yet is looked at); each later retry waits twice as long. */
const FIRST_RETRY_MS = 50;

interface HeldPress {
  /** The button that sent a held form, if any. */
  submitter?: HTMLElement | null;
  since: number;
  nextTry: number;
  retryIn: number;
  /** Set when the press is dropped again while being retried. */
  droppedAgain: boolean;
}

/** The fiber React keeps on an element it has hydrated or created, or is hydrating (undefined before). */
function fiberOf(el: Element): unknown {
  const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
  return key ? (el as unknown as Record<string, unknown>)[key] : undefined;
}

/** Whether React has created its root on the page's root element (it marks the element when it starts listening). */
function reactListens(root: Element): boolean {
  return Object.keys(root).some((key) => key.startsWith('_reactListening'));
}

/** The button-like control a press on `target` is for, if it is in the page's root and enabled. */
function pressedControl(target: EventTarget | null, root: Element): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(PRESSABLE);
  if (!control || !root.contains(control) || control.closest('a[href]') || (control as HTMLButtonElement).disabled) return null;
  return control;
}

const within = (rect: DOMRect, x: number, y: number) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/**
 * Starts watching presses on the page (the app frame calls it once, before React starts); returns
 * what stops it (for tests).
 */
export function holdUnhydratedPresses({ rootId = '__next', releaseAfterMs = RELEASE_AFTER_MS } = {}): () => void {
  const held = new Map<HTMLElement, HeldPress>();
  const releasing = new Set<Element>();
  let watchedRoot: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The control the last pointer went down on, where it was then and React's fiber on it then (every click follows its own pointerdown). */
  let down: { control: HTMLElement; rect: DOMRect; fiber: unknown } | null = null;

  const pressAgain = (control: HTMLElement, { submitter }: HeldPress) => {
    if (control instanceof HTMLFormElement) control.requestSubmit(submitter && control.contains(submitter) ? submitter : null);
    else control.click();
  };

  const schedule = () => {
    if (timer !== undefined || held.size === 0) return;
    const next = Math.min(...[...held.values()].map((press) => Math.min(press.nextTry, press.since + releaseAfterMs)));
    timer = setTimeout(retry, Math.max(0, next - performance.now()));
  };

  function retry() {
    timer = undefined;
    const now = performance.now();
    for (const [control, press] of [...held]) {
      if (!control.isConnected) held.delete(control);
      else if (now >= press.since + releaseAfterMs) {
        held.delete(control);
        releasing.add(control);
        try {
          pressAgain(control, press);
        } finally {
          releasing.delete(control);
        }
      } else if (now >= press.nextTry && fiberOf(control) === undefined) {
        // React has not even started hydrating it: no use asking yet.
        press.nextTry = now + FIRST_RETRY_MS;
      } else if (now >= press.nextTry) {
        press.retryIn *= 2;
        press.nextTry = now + press.retryIn;
        press.droppedAgain = false;
        pressAgain(control, press);
        if (!press.droppedAgain) held.delete(control);
      }
    }
    schedule();
  }

  const hold = (event: Event, control: HTMLElement, submitter?: HTMLElement | null) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const press = held.get(control);
    if (press) press.droppedAgain = true;
    else {
      const now = performance.now();
      held.set(control, { submitter, since: now, nextTry: now + FIRST_RETRY_MS, retryIn: FIRST_RETRY_MS, droppedAgain: false });
    }
    schedule();
  };

  // On the root element, after React's own listener there (see above: a drop).
  const afterReact = (event: Event) => {
    if (!watchedRoot || !event.cancelBubble) return;
    const control = event.type === 'submit' ? event.target : pressedControl(event.target, watchedRoot);
    if (control instanceof HTMLElement && !releasing.has(control)) hold(event, control, (event as SubmitEvent).submitter);
  };

  const watchRoot = () => {
    const root = document.getElementById(rootId);
    if (!root || root === watchedRoot || !reactListens(root)) return;
    watchedRoot?.removeEventListener('click', afterReact, true);
    watchedRoot?.removeEventListener('submit', afterReact, true);
    watchedRoot = root;
    // Added while the press is at the document, before it reaches the root, so it is there for this press already.
    root.addEventListener('click', afterReact, true);
    root.addEventListener('submit', afterReact, true);
  };

  const onPointerDown = (event: Event) => {
    watchRoot();
    const root = document.getElementById(rootId);
    const control = root && pressedControl(event.target, root);
    down = control ? { control, rect: control.getBoundingClientRect(), fiber: fiberOf(control) } : null;
  };
  // A touch that became a scroll is no press.
  const onPointerCancel = () => (down = null);

  // At the document, before React (see above: a slip).
  const onClick = (event: Event) => {
    watchRoot();
    const pressed = down;
    down = null;
    // A click with no pointer (a key, or the page's own click()) cannot slip.
    if (!pressed || !(event instanceof MouseEvent) || event.detail === 0 || !watchedRoot) return;
    const { control, rect, fiber } = pressed;
    if (!control.isConnected || (event.target instanceof Node && control.contains(event.target)) || fiberOf(control) === fiber) return;
    const now = control.getBoundingClientRect();
    const moved = Math.abs(now.x - rect.x) >= 1 || Math.abs(now.y - rect.y) >= 1;
    if (moved && within(rect, event.clientX, event.clientY)) hold(event, control);
  };

  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('pointercancel', onPointerCancel, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', watchRoot, true);
  return () => {
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('pointercancel', onPointerCancel, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', watchRoot, true);
    watchedRoot?.removeEventListener('click', afterReact, true);
    watchedRoot?.removeEventListener('submit', afterReact, true);
    if (timer !== undefined) clearTimeout(timer);
  };
}
