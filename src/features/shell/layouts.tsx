// Layouts pages pick with `getLayout`: staff pages get the theme, the session and the guarded shell
// at once, and the data client (Apollo) from a chunk of its own that loads next to the session check
// (docs/performance.md); auth and error pages have lighter ones in lightLayouts.tsx. Pages without a
// layout stay lean (no MUI, no session).
import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { BaseProviders } from '@/components/BaseProviders';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { SIGNED_OUT_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import type { GetLayout } from '@/components/layout/types';
import { StaffFrame } from './components/StaffFrame';

const loadDataProvider = () => import('@/components/DataProvider');
// Start the download when a staff page's code runs, not when the session has been restored.
if (typeof window !== 'undefined') void loadDataProvider().catch(() => undefined);
const DataProvider = dynamic(loadDataProvider, { ssr: false, loading: () => <FullPageSpinner /> });

/** A signed-in page of the given navigation area (or any role when no area is given). */
export function staffLayout(area?: string): GetLayout {
  return function StaffLayout(page, { emotionCache }) {
    return (
      <>
        <Head>
          <script dangerouslySetInnerHTML={{ __html: SIGNED_OUT_REDIRECT_SCRIPT }} />
        </Head>
        <BaseProviders emotionCache={emotionCache}>
          <StaffFrame area={area}>
            <DataProvider>{page}</DataProvider>
          </StaffFrame>
        </BaseProviders>
      </>
    );
  };
}

/** Like a staff page when signed in; shows `signedOut` to visitors instead of sending them away. */
export function staffOrPublicLayout(signedOut: ReactNode): GetLayout {
  return function HomeLayout(page, { emotionCache }) {
    return (
      <BaseProviders emotionCache={emotionCache}>
        <StaffFrame signedOut={signedOut}>
          <DataProvider>{page}</DataProvider>
        </StaffFrame>
      </BaseProviders>
    );
  };
}
