// Setting a new password after following the e-mailed reset link (which signed the user in).
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useAuthenticationStatus, useChangePassword } from '@nhost/nextjs';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { PageTitle } from '@/components/PageTitle';
import { useHydrated } from '@/lib/useHydrated';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { useRedirectSignInParams } from '../hooks/useRedirectSignInParams';

export function ResetPasswordView() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const { isAuthenticated, isLoading } = useAuthenticationStatus();
  const { changePassword, isLoading: saving, error } = useChangePassword();
  const redirectError = useRedirectSignInParams();
  // The server draws the spinner (it has no session); so does the hydrating render, even when the
  // browser already knows there is no session (useHydrated).
  const hydrated = useHydrated();

  let body;
  if (isLoading || !hydrated) body = <FullPageSpinner />;
  else if (!isAuthenticated) {
    body = (
      <>
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {redirectError ? redirectError.message : t('resetPassword.linkInvalid')}
        </Alert>
        <Button variant="contained" component={NextLink} href="/forgot-password" prefetch={false}>
          {t('forgotPassword.submit')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <AuthErrorAlert error={error} />
        <NewPasswordForm
          loading={saving}
          onSubmit={async (password) => {
            const result = await changePassword(password);
            if (result.isSuccess) {
              toast.success(t('resetPassword.done'));
              void router.replace('/');
            }
          }}
        />
      </>
    );
  }
  return (
    <>
      <PageTitle title={t('resetPassword.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('resetPassword.title')}
      </Typography>
      {body}
    </>
  );
}
