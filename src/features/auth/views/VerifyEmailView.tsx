// "Check your inbox" after a sign-up or sign-in that needs the address verified, with a resend.
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useSendVerificationEmail } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { EmailForm } from '../components/EmailForm';

export function VerifyEmailView() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const { sendEmail, isLoading, isSent, error } = useSendVerificationEmail({ redirectTo: '/' });
  const email = typeof router.query.email === 'string' ? router.query.email : '';
  return (
    <>
      <PageTitle title={t('verifyEmail.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('verifyEmail.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('verifyEmail.intro')}</Typography>
      {isSent ? (
        <Alert severity="success" role="status">
          {t('verifyEmail.sent')}
        </Alert>
      ) : (
        <>
          <AuthErrorAlert error={error} />
          <EmailForm key={email} initialEmail={email} submitLabel={t('verifyEmail.resend')} loading={isLoading} onSubmit={(value) => void sendEmail(value)} />
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
