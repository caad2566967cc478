// Layouts pages pick with `getLayout`: staff pages get the theme and the session at once, and the
// data client with the guarded shell (StaffChrome) from a chunk of their own, so Apollo and the
// shell are off the first-load path (docs/performance.md); auth and error pages have lighter layouts
// in lightLayouts.tsx. Pages without a layout stay lean (no MUI, no session).
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { BaseProviders } from '@/components/BaseProviders';
import { PageTitle } from '@/components/PageTitle';
import { SIGNED_OUT_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import type { GetLayout } from '@/components/layout/types';
import { loadInOwnTask } from '@/lib/openingPage';
import { PageHeadingContext, StaffSkeleton } from './components/PageSkeleton';

// Its chunks carry V8's compile hint (the group's name: build/compileHints.js).
const loadStaffChrome = () => import(/* webpackChunkName: "staff-chrome" */ './components/StaffChrome');
// Start the download when the opened (or navigated-to) staff page's code runs, in parallel with
// restoring the session (not when Next runs a prefetched page's code: openingPage.ts). Not rendered on the server
// (no session at build time): the server's HTML is the frame's skeleton with the page's heading,
// which stays until the shell has the session (PageSkeleton.tsx).
loadInOwnTask(loadStaffChrome);
const StaffChrome = dynamic(loadStaffChrome, { ssr: false, loading: () => <StaffSkeleton /> });

export interface StaffLayoutOptions {
  /** Translation key ("namespace:key") of the page's heading, drawn before the session and the view arrive. */
  heading?: string;
  /**
   * Translation key ("namespace:key") of the browser tab's title; the heading's when not given. The
   * layout renders it, so the server's HTML has it (the page itself renders only once the session
   * is known); a view may still set a more specific title later (a later <title> wins).
   */
  title?: string;
}

function LayoutTitle({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageTitle title={t(titleKey)} />;
}

/** A signed-in page of the given navigation area (or any role when no area is given). */
export function staffLayout(area?: string, { heading, title = heading }: StaffLayoutOptions = {}): GetLayout {
  return function StaffLayout(page, { emotionCache }) {
    return (
      <>
        <Head>
          <script dangerouslySetInnerHTML={{ __html: SIGNED_OUT_REDIRECT_SCRIPT }} />
        </Head>
        {title && <LayoutTitle titleKey={title} />}
        <BaseProviders emotionCache={emotionCache}>
          <PageHeadingContext.Provider value={heading}>
            <StaffChrome area={area}>{page}</StaffChrome>
          </PageHeadingContext.Provider>
        </BaseProviders>
      </>
    );
  };
}
