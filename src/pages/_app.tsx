// The app frame every page shares, kept small so guest pages stay lean (docs/performance.md):
// translations, toasts and the route progress bar. Heavier providers come with a page's layout.
import type { AppProps } from 'next/app';
import type { EmotionCache } from '@emotion/react';
import { appWithTranslation } from 'next-i18next/pages';
import dynamic from 'next/dynamic';
import Router from 'next/router';
import { useEffect } from 'react';
import 'nprogress/nprogress.css';
import { AppErrorBoundary } from '@/components/AppErrorBoundary';
import type { NextPageWithLayout } from '@/components/layout/types';
import { useRouteProgress } from '@/components/useRouteProgress';
import { replayEarlyTaps } from '@/lib/earlyTaps';
import { followNavigations, markAppRendered } from '@/lib/openingPage';
import { holdUnhydratedPresses } from '@/lib/unhydratedPresses';

export const TOAST_AUTO_CLOSE_MS = 5000;

// From before React starts: a press on a part React has not hydrated yet is held until it has.
if (typeof window !== 'undefined') holdUnhydratedPresses();

// The toast host loads after the page: no first screen shows a toast, and react-toastify queues
// toasts raised before its container mounts. It kept ~9 kB off every page's first load (the guest
// journey's 150 kB budget). Pages that never toast (`withoutToasts`: the guest pages) do not load it.
const ToastContainer = dynamic(() => import('react-toastify').then((m) => m.ToastContainer), { ssr: false, loading: () => null });

type AppPropsWithLayout = AppProps & { Component: NextPageWithLayout; emotionCache?: EmotionCache };

function App({ Component, pageProps, emotionCache }: AppPropsWithLayout) {
  markAppRendered();
  useEffect(() => followNavigations(Router.events), []);
  // React listens now: what was pressed while the page's scripts loaded is pressed again.
  useEffect(() => replayEarlyTaps(), []);
  useRouteProgress();
  const getLayout = Component.getLayout ?? ((page) => page);
  return (
    <>
      <AppErrorBoundary>{getLayout(<Component {...pageProps} />, { emotionCache })}</AppErrorBoundary>
      {Component.withoutToasts ? null : <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} />}
    </>
  );
}

export default appWithTranslation(App);
