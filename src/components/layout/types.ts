// Pages choose their own layout (and with it their providers) through `getLayout`.
import type { ReactElement, ReactNode } from 'react';
import type { NextPage } from 'next';
import type { EmotionCache } from '@emotion/react';

export interface LayoutContext {
  /** Emotion cache the document made for server rendering; undefined in the browser. */
  emotionCache?: EmotionCache;
}

export type GetLayout = (page: ReactElement, context: LayoutContext) => ReactNode;

export type NextPageWithLayout<P = object> = NextPage<P> & {
  getLayout?: GetLayout;
  /**
   * The page never raises a toast (the guest pages): the app frame does not load the toast host
   * for it, whose script was a long task on a phone right after the page became usable.
   */
  withoutToasts?: boolean;
};
