// The thin progress bar on route changes (SPEC 1: minimum 0.3, speed 800 ms).
import { useEffect } from 'react';
import Router from 'next/router';
import NProgress from 'nprogress';

// nprogress's own template marks the bar with role="bar", which is not an ARIA role: screen
// readers would announce nonsense. The bar is decoration, so it is hidden from them instead.
// nprogress finds its bar by barSelector, so that follows the template.
const TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

export const PROGRESS_OPTIONS = { minimum: 0.3, speed: 800, showSpinner: false, template: TEMPLATE, barSelector: '.bar' } as const;

export function useRouteProgress(): void {
  useEffect(() => {
    NProgress.configure(PROGRESS_OPTIONS);
    const start = () => NProgress.start();
    const done = () => NProgress.done();
    Router.events.on('routeChangeStart', start);
    Router.events.on('routeChangeComplete', done);
    Router.events.on('routeChangeError', done);
    return () => {
      Router.events.off('routeChangeStart', start);
      Router.events.off('routeChangeComplete', done);
      Router.events.off('routeChangeError', done);
    };
  }, []);
}
