// Home: the landing page for visitors (lean: no MUI, no session client), the role dashboard when
// this browser holds a session (its chunk is fetched only then).
import type { GetStaticProps } from 'next';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { Landing } from '@/features/shell/views/Landing';
import { pageTranslations } from '@/lib/i18n/pageTranslations';
import { hasStoredSession, STORED_SESSION_CLASS, STORED_SESSION_SCRIPT, useHasStoredSession } from '@/lib/nhost/storedSession';
import { loadsPageCodeNow } from '@/lib/openingPage';

const loadSignedInHome = () => import('@/features/shell/views/SignedInHome');
// A browser with a session starts downloading the dashboard (and the session client in it) when the
// page's code runs, alongside the page's start, not after hydration has rendered the landing's
// place (a download more on the way to the dashboard). Not when Next merely prefetched this page.
if (loadsPageCodeNow() && hasStoredSession(document.cookie)) void loadSignedInHome().catch(() => undefined);
const SignedInHome = dynamic(loadSignedInHome, { ssr: false, loading: () => null });

export default function HomePage() {
  const hasSession = useHasStoredSession();
  return (
    <>
      <Head>
        {/* Runs before first paint; keeps the landing hidden while a signed-in dashboard loads. */}
        <script dangerouslySetInnerHTML={{ __html: STORED_SESSION_SCRIPT }} />
        <style>{`.${STORED_SESSION_CLASS} .sd-landing{visibility:hidden}`}</style>
      </Head>
      {hasSession ? <SignedInHome /> : <Landing />}
    </>
  );
}

export const getStaticProps: GetStaticProps = async ({ locale }) => ({ props: await pageTranslations(locale) });
