// The thin progress bar on route changes (SPEC 1: minimum 0.3, speed 800 ms).
import { useEffect } from 'react';
import Router from 'next/router';
import NProgress from 'nprogress';

export const PROGRESS_OPTIONS = { minimum: 0.3, speed: 800, showSpinner: false } as const;

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
