// Creating an account by e-mail and password, or with a security key; when the service wants the
// address verified first, the user is told to check their inbox.
import { useEffect, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useAuthenticationStatus, useSignUpEmailPassword, useSignUpEmailSecurityKeyEmail } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { SecurityKeySignUpForm } from '../components/SecurityKeySignUpForm';
import { SignUpForm } from '../components/SignUpForm';
import { resolveRedirectTarget } from '../lib/redirectTarget';

export function SignUpView() {
  const { t, i18n } = useTranslation('auth');
  const router = useRouter();
  const { isAuthenticated } = useAuthenticationStatus();
  const [method, setMethod] = useState<'password' | 'securityKey'>('password');
  const withPassword = useSignUpEmailPassword();
  const withKey = useSignUpEmailSecurityKeyEmail();
  const { needsEmailVerification, isLoading, error } = method === 'password' ? withPassword : withKey;
  const locale = i18n.language.slice(0, 2);
  // The SDK makes a path absolute for password sign-up but not for security keys; the service wants a URL.
  const redirectTo = typeof window === 'undefined' ? '/' : resolveRedirectTarget('/', window.location.origin);

  useEffect(() => {
    if (isAuthenticated) void router.replace('/');
  }, [isAuthenticated, router]);

  return (
    <>
      <PageTitle title={t('signUp.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('signUp.title')}
      </Typography>
      {needsEmailVerification ? (
        <Alert severity="success" role="status">
          {t('signUp.verifyEmail')}
        </Alert>
      ) : (
        <>
          <Tabs value={method} onChange={(_e, value: typeof method) => setMethod(value)} aria-label={t('signUp.methods')} sx={{ mb: 2 }}>
            <Tab value="password" label={t('signIn.method.password')} />
            <Tab value="securityKey" label={t('signIn.method.securityKey')} />
          </Tabs>
          <AuthErrorAlert error={error} />
          {method === 'password' ? (
            <SignUpForm
              loading={isLoading}
              onSubmit={(values) => void withPassword.signUpEmailPassword(values.email, values.password, { displayName: values.displayName, locale, redirectTo })}
            />
          ) : (
            <SecurityKeySignUpForm loading={isLoading} onSubmit={(values) => void withKey.signUpEmailSecurityKey(values.email, { displayName: values.displayName, locale, redirectTo })} />
          )}
        </>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={NextLink} href="/sign-in" prefetch={false}>
          {t('signIn.title')}
        </Link>
      </Typography>
    </>
  );
}
