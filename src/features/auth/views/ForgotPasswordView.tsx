// Asking for a password-reset link; it signs the user in and lands on /reset-password.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useResetPassword } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { EmailForm } from '../components/EmailForm';

export function ForgotPasswordView() {
  const { t } = useTranslation('auth');
  const { resetPassword, isLoading, isSent, error } = useResetPassword({ redirectTo: '/reset-password' });
  return (
    <>
      <PageTitle title={t('forgotPassword.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('forgotPassword.title')}
      </Typography>
      {isSent ? (
        <Alert severity="success" role="status">
          {t('forgotPassword.sent')}
        </Alert>
      ) : (
        <>
          <AuthErrorAlert error={error} />
          <EmailForm intro={<Typography>{t('forgotPassword.intro')}</Typography>} submitLabel={t('forgotPassword.submit')} loading={isLoading} onSubmit={(email) => void resetPassword(email)} />
        </>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={NextLink} href="/sign-in" prefetch={false}>
          {t('backToSignIn')}
        </Link>
      </Typography>
    </>
  );
}
