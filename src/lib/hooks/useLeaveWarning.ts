// Warns before leaving with unsaved changes: on closing or reloading the tab (the browser's own
// prompt) and on in-app navigation (a confirm; declining cancels the route change).
import { useCallback, useEffect, useRef } from 'react';
import { useRouter } from 'next/router';

/** Returns a function that lets the next navigation through (e.g. to a just-created record). */
export function useLeaveWarning(dirty: boolean, message: string): () => void {
  const router = useRouter();
  const allowOnce = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
    };
    const onRouteChangeStart = (url: string) => {
      if (allowOnce.current) {
        allowOnce.current = false;
        return;
      }
      if (url === router.asPath || window.confirm(message)) return;
      router.events.emit('routeChangeError', new Error('Route change cancelled'), url, { shallow: false });
      // Next.js has no cancel API for route changes; throwing a string aborts it without an overlay.
      throw 'Route change cancelled: unsaved changes';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    router.events.on('routeChangeStart', onRouteChangeStart);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      router.events.off('routeChangeStart', onRouteChangeStart);
    };
  }, [dirty, message, router]);
  return useCallback(() => {
    allowOnce.current = true;
  }, []);
}
