// A component whose code is a chunk of its own, loaded early: on the page the browser opened (or
// navigates to), its download starts in a task right after the page's module (openingPage.ts), in
// parallel with the session's, not when React first renders it; a page Next merely prefetched loads
// it when it is shown.
// React.lazy rather than next/dynamic: code that arrives after its parent rendered is rendered by
// React's retry (a background render, split into short tasks), where next/dynamic's loaded state is
// an urgent update that rendered the whole component in one long task (docs/performance.md).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadInOwnTask } from './openingPage';

export function lazyLoaded<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  // One download for the early start and the render; a failed one is tried again when rendered
  // (and then reported by the error boundary if it fails again).
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  loadInOwnTask(start);
  return lazy(start);
}
