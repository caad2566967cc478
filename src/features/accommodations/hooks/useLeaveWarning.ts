// Warns before leaving with unsaved changes: on closing or reloading the tab (the browser's own
// prompt) and on in-app navigation (a confirm; declining cancels the route change).
import { useEffect } from 'react';
import { useRouter } from 'next/router';

export function useLeaveWarning(dirty: boolean, message: string): void {
  const router = useRouter();
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
    };
    const onRouteChangeStart = (url: string) => {
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
}
