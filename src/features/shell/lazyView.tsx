// A staff page's view as a chunk of its own, off the page's first-load path (docs/performance.md).
// The staff frame renders a page only once the session is known, never on the server, so nothing
// is lost by not server-rendering the view; on the page the browser opened (or navigates to), its
// download starts when the page's module runs, in parallel with the session check, so the view does
// not wait for the session and then for its code. A page Next prefetches loads its view only when
// it is shown (openingPage.ts).
import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { loadsPageCodeNow } from '@/lib/openingPage';

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  if (loadsPageCodeNow()) void load().catch(() => undefined); // retried (and reported) when rendered
  return dynamic<P>(load, { ssr: false, loading: () => <FullPageSpinner /> });
}
