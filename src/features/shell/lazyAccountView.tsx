// An account screen's view (sign-in, sign-up, the password and e-mail links) as a chunk of its own:
// its forms drive the Nhost SDK's hooks, and with the view on the page's first-load path the SDK was
// too (sign-in 291 kB First Load JS against a staff page's 182). Unlike a staff view it is rendered
// on the server (Next renders a page to completion, waiting for the chunk), so the form is in the
// HTML from the first paint; the browser keeps that HTML until the view's code, downloaded beside
// the session's (the same SDK), hydrates it. Nothing is lost meanwhile: the session's boundary
// above (BaseProviders) waits for the SDK anyway, and a click or key press hydrates at once once
// the code is there. A screen reached by a client-side navigation shows the empty card until then.
import { Suspense, type ComponentType } from 'react';
import { lazyLoaded } from '@/lib/lazyLoaded';

export function lazyAccountView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazyLoaded(load);
  function LazyAccountView(props: P) {
    return (
      <Suspense>
        <View {...props} />
      </Suspense>
    );
  }
  return LazyAccountView;
}
