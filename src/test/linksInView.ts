// For tests that count Next's link prefetches: next/link prefetches a link as it comes into view,
// only in a production build, and only where an IntersectionObserver exists (it looks once, when it
// loads; jsdom has none). Call `everyLinkInView()` from `vi.hoisted` (before next/link loads) and
// `prefetchLikeProduction()` at the file's top level.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** An IntersectionObserver that reports every watched element in view at once. */
export function everyLinkInView(): void {
  class InView {
    constructor(private readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
    observe(target: Element) {
      this.report([{ target, isIntersecting: true, intersectionRatio: 1 }]);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', InView);
}

/** NODE_ENV=production for each test (Next's Link prefetches only then), put back after it. */
export function prefetchLikeProduction(): void {
  beforeEach(() => {
    vi.stubEnv('NODE_ENV', 'production');
  });
  afterEach(() => {
    // Unmounted first: a render after NODE_ENV is put back (the shell's unread subscription
    // failing late, no server here) runs MUI's development-only hooks that the first renders did
    // not, and React throws on the changed hook order.
    cleanup();
    vi.unstubAllEnvs();
    // The IntersectionObserver stays: everyLinkInView installed it for the whole file (next/link
    // looks for one once, when it loads), so every test of the file sees links come into view.
  });
}
