// Creating an account by e-mail and password; when the service wants the address verified first,
// the user is told to check their inbox.
import { useEffect } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useAuthenticationStatus, useSignUpEmailPassword } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { SignUpForm } from '../components/SignUpForm';

export function SignUpView() {
  const { t, i18n } = useTranslation('auth');
  const router = useRouter();
  const { isAuthenticated } = useAuthenticationStatus();
  const { signUpEmailPassword, needsEmailVerification, isLoading, error } = useSignUpEmailPassword();

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
          <AuthErrorAlert error={error} />
          <SignUpForm
            loading={isLoading}
            onSubmit={(values) =>
              void signUpEmailPassword(values.email, values.password, { displayName: values.displayName, locale: i18n.language.slice(0, 2), redirectTo: '/' })
            }
          />
        </>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={NextLink} href="/sign-in">
          {t('signIn.title')}
        </Link>
      </Typography>
    </>
  );
}
