// For tests that run React on its own scheduler, as in the browser (earlyTaps, unhydratedPresses):
// within act() the hydration React does at once for a pressed part that has not hydrated yet would
// wait in act's queue. Testing Library tells React every test runs within act(), so React would
// warn of each update these tests make outside it; the flag is off for them instead.
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
