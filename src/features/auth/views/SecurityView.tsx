// Security settings: two-step sign-in with an authenticator app, and security keys.
import { useTranslation } from 'next-i18next/pages';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MfaCard } from './MfaCard';
import { SecurityKeyCard } from './SecurityKeyCard';

export function SecurityView() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('security.title')}
      </Typography>
      <MfaCard />
      <SecurityKeyCard />
    </Stack>
  );
}
