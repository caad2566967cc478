// For tests that run React on its own scheduler, as in the browser (earlyTaps, unhydratedPresses,
// the fields that take what was typed before hydration):
// within act() the hydration React does at once for a pressed part that has not hydrated yet would
// wait in act's queue. Testing Library tells React every test runs within act(), so React would
// warn of each update these tests make outside it; the flag is off for them instead.
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach } from 'vitest';

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Registers hooks that turn act() mode off before each test and put back what was there after it.
 * Call it before the file's own hooks: after-each hooks run last-registered first, so the file's
 * (unmounting its roots) still run outside act().
 */
export function runReactOutsideAct(): void {
  let actEnvironment: boolean | undefined;
  beforeEach(() => {
    actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
}

/** Runs `during` with act() mode off (for one part of a test; runReactOutsideAct for whole files). */
export async function outsideAct<T>(during: () => Promise<T>): Promise<T> {
  const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await during();
  } finally {
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

/**
 * Runs `run` in a microtask after the commit it is part of: after its layout effects, before its
 * passive ones. Outside act() React runs a hydration's passive effects (useEffect) in a task of
 * their own, and in the browser a press held until the part hydrated (src/lib/unhydratedPresses.ts)
 * can come in between.
 */
export function RightAfterCommit({ run }: { run: () => void }) {
  // Once, at the commit that mounts it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => queueMicrotask(run), []);
  return null;
}
