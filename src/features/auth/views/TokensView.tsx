// Personal access tokens page.
import { useTranslation } from 'next-i18next/pages';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { PersonalAccessTokensCard } from './PersonalAccessTokensCard';

export function TokensView() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageTitle title={t('tokens.title')} />
      <Typography variant="h4" component="h1">
        {t('tokens.title')}
      </Typography>
      <PersonalAccessTokensCard />
    </Stack>
  );
}
