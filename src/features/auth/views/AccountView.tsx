// The signed-in user's account: who they are, a new password, and the security settings.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useChangePassword } from '@nhost/nextjs';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell/useSessionUser';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { NewPasswordForm } from '../components/NewPasswordForm';

export function AccountView() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation('common');
  const { user } = useSessionUser();
  const { changePassword, isLoading, error } = useChangePassword();
  if (!user) return null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('account.title')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {user.displayName}
        </Typography>
        <Typography color="text.secondary">{user.email}</Typography>
        <Typography sx={{ mt: 1 }}>{tCommon('home.role', { role: tCommon(user.role ? `roles.${user.role}` : 'roles.none') })}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          {/* Pointed at or touched, not in view: the account page's load stays its own (docs/performance.md). */}
          <Button variant="outlined" component={NextLink} href="/account/security" prefetch={false}>
            {t('security.title')}
          </Button>
          <Button variant="outlined" component={NextLink} href="/account/tokens" prefetch={false}>
            {t('tokens.title')}
          </Button>
        </Stack>
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('account.changePassword')}
        </Typography>
        <AuthErrorAlert error={error} />
        <NewPasswordForm
          loading={isLoading}
          onSubmit={async (password) => {
            const result = await changePassword(password);
            if (result.isSuccess) toast.success(t('resetPassword.done'));
          }}
        />
      </Paper>
    </Stack>
  );
}
