// Layouts pages pick with `getLayout`: staff pages get all providers and the guarded shell; auth
// and error pages have lighter ones in lightLayouts.tsx. Pages without a layout stay lean (no MUI,
// no session).
import type { ReactNode } from 'react';
import Head from 'next/head';
import { AppProviders } from '@/components/AppProviders';
import { SIGNED_OUT_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import type { GetLayout } from '@/components/layout/types';
import { StaffFrame } from './components/StaffFrame';

/** A signed-in page of the given navigation area (or any role when no area is given). */
export function staffLayout(area?: string): GetLayout {
  return function StaffLayout(page, { emotionCache }) {
    return (
      <>
        <Head>
          <script dangerouslySetInnerHTML={{ __html: SIGNED_OUT_REDIRECT_SCRIPT }} />
        </Head>
        <AppProviders emotionCache={emotionCache}>
          <StaffFrame area={area}>{page}</StaffFrame>
        </AppProviders>
      </>
    );
  };
}

/** Like a staff page when signed in; shows `signedOut` to visitors instead of sending them away. */
export function staffOrPublicLayout(signedOut: ReactNode): GetLayout {
  return function HomeLayout(page, { emotionCache }) {
    return (
      <AppProviders emotionCache={emotionCache}>
        <StaffFrame signedOut={signedOut}>{page}</StaffFrame>
      </AppProviders>
    );
  };
}
