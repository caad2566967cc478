// Home: the landing page for visitors (lean: no MUI, no session client), the role dashboard when
// this browser holds a session (its chunk is fetched only then).
import type { GetStaticProps } from 'next';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { HOME_SKELETON_CLASS, HomeSkeleton } from '@/features/shell/views/HomeSkeleton';
import { Landing } from '@/features/shell/views/Landing';
import { pageTranslations } from '@/lib/i18n/pageTranslations';
import { hasStoredSession, STORED_SESSION_CLASS, STORED_SESSION_SCRIPT, useHasStoredSession } from '@/lib/nhost/storedSession';
import { loadInOwnTask } from '@/lib/openingPage';

const loadSignedInHome = () => import('@/features/shell/views/SignedInHome');
// A browser with a session starts downloading the dashboard (and the session client in it) when the
// page's code runs, alongside the page's start, not after hydration has rendered the landing's
// place (a download more on the way to the dashboard). Not when Next merely prefetched this page.
// The guarded shell (the data client, the navigation) and the session client (the Nhost SDK) are
// chunks of their own, fetched alongside: the dashboard's module runs after the app's first render,
// too late to start the SDK's download itself (SessionProvider would ask for it only when rendered).
if (typeof document !== 'undefined' && hasStoredSession(document.cookie)) {
  loadInOwnTask(loadSignedInHome);
  loadInOwnTask(() => import(/* webpackChunkName: "staff-chrome" */ '@/features/shell/components/StaffChrome'));
  loadInOwnTask(() => import('@/lib/nhost/sessionModules'));
}
const SignedInHome = dynamic(loadSignedInHome, { ssr: false, loading: () => <HomeSkeleton /> });

// One HTML for everybody: the landing, and the signed-in frame's skeleton that the head script's
// class shows instead before the first paint when a session is stored.
const SESSION_CSS = `.${HOME_SKELETON_CLASS}{display:none}.${STORED_SESSION_CLASS} .${HOME_SKELETON_CLASS}{display:block}.${STORED_SESSION_CLASS} .sd-landing{display:none}`;

export default function HomePage() {
  const hasSession = useHasStoredSession();
  return (
    <>
      <Head>
        {/* Runs before first paint: with a stored session the skeleton shows, not the landing. */}
        <script dangerouslySetInnerHTML={{ __html: STORED_SESSION_SCRIPT }} />
        <style>{SESSION_CSS}</style>
      </Head>
      {hasSession ? (
        <SignedInHome />
      ) : (
        <>
          <HomeSkeleton />
          <Landing />
        </>
      )}
    </>
  );
}

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
