// A staff page's view as a chunk of its own, off the page's first-load path (docs/performance.md).
// The staff frame renders a page only once the session is known, never on the server, so nothing
// is lost by not server-rendering the view; on the page the browser opened (or navigates to), its
// download starts when the page's module runs, in parallel with the session check, so the view does
// not wait for the session and then for its code. A page Next prefetches loads its view only when
// it is shown (openingPage.ts).
// React.lazy rather than next/dynamic: a view whose code arrives after its frame is first rendered
// by React's retry (a background render, split into short tasks), where next/dynamic's loaded
// state is an urgent update that rendered the whole view in one long task. Until the code is there
// the shell shows the page's heading and skeleton, as before the session (PageSkeleton.tsx).
import { lazy, Suspense, type ComponentType } from 'react';
import { PageSkeleton } from './components/PageSkeleton';
import { loadInOwnTask } from '@/lib/openingPage';

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
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
  const View = lazy(start);
  function LazyView(props: P) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <View {...props} />
      </Suspense>
    );
  }
  return LazyView;
}
