// The sign-in screen: every method as a tab, the error a redirect brought back, and the way back
// to where the user was going once the session is there.
import { useEffect, useState } from 'react';
import Head from 'next/head';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useAuthenticationStatus } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { SIGNED_IN_REDIRECT_SCRIPT } from '@/lib/nhost/storedSession';
import { useRedirectSignInParams } from '../hooks/useRedirectSignInParams';
import { resolveRedirectTarget, safeRedirectPath } from '../lib/redirectTarget';
import { EmailCodePanel, MagicLinkPanel, PasswordPanel, SecurityKeyPanel, SmsCodePanel, type MethodPanelProps } from './signInMethods';

const METHODS = [
  { id: 'password', Panel: PasswordPanel },
  { id: 'magicLink', Panel: MagicLinkPanel },
  { id: 'emailCode', Panel: EmailCodePanel },
  { id: 'sms', Panel: SmsCodePanel },
  { id: 'securityKey', Panel: SecurityKeyPanel },
] as const;
type MethodId = (typeof METHODS)[number]['id'];

/**
 * Sends a signed-in visitor on to the target: on opening the page with a stored session, the head
 * script does it before the screen's code loads; after signing in here (or when the script left it
 * to the page), the session does. A component of its own so that the session's start (loading, then
 * signed in or out) re-renders only it, not the whole form (docs/performance.md).
 */
function RedirectWhenSignedIn({ target }: { target: string }) {
  const router = useRouter();
  const { isAuthenticated, isLoading } = useAuthenticationStatus();
  useEffect(() => {
    if (!isLoading && isAuthenticated) void router.replace(target);
  }, [isAuthenticated, isLoading, router, target]);
  return (
    <Head>
      <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_REDIRECT_SCRIPT }} />
    </Head>
  );
}

export function SignInView() {
  const { t } = useTranslation('auth');
  const { t: tError } = useTranslation('error');
  const router = useRouter();
  const redirectError = useRedirectSignInParams();
  const [method, setMethod] = useState<MethodId>('password');
  const target = safeRedirectPath(router.query.redirectTo);

  const panelProps: MethodPanelProps = {
    redirectTo: typeof window === 'undefined' ? target : resolveRedirectTarget(target, window.location.origin),
    onNeedsVerification: (email) => void router.push({ pathname: '/verify-email', query: { email } }),
    shownErrorCode: redirectError?.error,
  };
  const Panel = METHODS.find((m) => m.id === method)?.Panel ?? PasswordPanel;

  return (
    <>
      <RedirectWhenSignedIn target={target} />
      <PageTitle title={t('signIn.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('signIn.title')}
      </Typography>
      {redirectError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {tError('auth.redirect', { message: redirectError.message })}
        </Alert>
      )}
      {/* Scroll buttons always (MUI hides them on phones by CSS, on the server too): with "auto" the
          server drew none and the start button appeared once the page hydrated, moving every tab
          40 px, so a tap made while the page started landed beside the tab it aimed at. */}
      <Tabs value={method} onChange={(_e, value: MethodId) => setMethod(value)} variant="scrollable" scrollButtons aria-label={t('signIn.methods')} sx={{ mb: 2 }}>
        {METHODS.map((m) => (
          <Tab key={m.id} value={m.id} label={t(`signIn.method.${m.id}`)} id={`sign-in-tab-${m.id}`} aria-controls="sign-in-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="sign-in-panel" aria-labelledby={`sign-in-tab-${method}`}>
        <Panel {...panelProps} />
      </Box>
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('signIn.noAccount')}{' '}
        {/* Like the form's and the card's links: the page loads when pointed at or touched, not
            with sign-in's own load (docs/performance.md). */}
        <Link component={NextLink} href="/sign-up" prefetch={false}>
          {t('signUp.title')}
        </Link>
      </Typography>
    </>
  );
}
