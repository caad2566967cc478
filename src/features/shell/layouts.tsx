// Layouts pages pick with `getLayout`: staff pages get the theme and the session at once, and the
// data client with the guarded shell (StaffChrome) from a chunk of their own, so Apollo and the
// shell are off the first-load path (docs/performance.md); auth and error pages have lighter layouts
// in lightLayouts.tsx. Pages without a layout stay lean (no MUI, no session).
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { BaseProviders } from '@/components/BaseProviders';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { SIGNED_OUT_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import type { GetLayout } from '@/components/layout/types';
import { loadsPageCodeNow } from '@/lib/openingPage';

const loadStaffChrome = () => import('./components/StaffChrome');
// Start the download when the opened (or navigated-to) staff page's code runs, in parallel with
// restoring the session (not when Next runs a prefetched page's code: openingPage.ts). Not rendered on the server: there
// the frame showed the same spinner (no session at build time).
if (loadsPageCodeNow()) void loadStaffChrome().catch(() => undefined);
const StaffChrome = dynamic(loadStaffChrome, { ssr: false, loading: () => <FullPageSpinner /> });

/** A signed-in page of the given navigation area (or any role when no area is given). */
export function staffLayout(area?: string): GetLayout {
  return function StaffLayout(page, { emotionCache }) {
    return (
      <>
        <Head>
          <script dangerouslySetInnerHTML={{ __html: SIGNED_OUT_REDIRECT_SCRIPT }} />
        </Head>
        <BaseProviders emotionCache={emotionCache}>
          <StaffChrome area={area}>{page}</StaffChrome>
        </BaseProviders>
      </>
    );
  };
}
