// A staff page's view as a chunk of its own, off the page's first-load path (docs/performance.md).
// The staff frame renders a page only once the session is known, never on the server, so nothing
// is lost by not server-rendering the view; its download starts when the page's module runs, in
// parallel with the session check, so the view does not wait for the session and then for its code
// (lazyLoaded.ts). Until the code is there the shell shows the page's heading and skeleton, as
// before the session (PageSkeleton.tsx).
import { Suspense, type ComponentType } from 'react';
import { lazyLoaded } from '@/lib/lazyLoaded';
import { PageSkeleton } from './components/PageSkeleton';

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazyLoaded(load);
  function LazyView(props: P) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <View {...props} />
      </Suspense>
    );
  }
  return LazyView;
}
