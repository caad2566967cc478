// An auth error in the user's language, with the service's code for support.
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import { authErrorMessage, type AuthErrorLike } from '../lib/authErrors';

export function AuthErrorAlert({ error }: { error: AuthErrorLike | null | undefined }) {
  const { t } = useTranslation('error');
  const message = authErrorMessage(error);
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {t(message.key)}
      {message.key === 'auth.unknown' && message.code ? ` (${message.code})` : null}
    </Alert>
  );
}
