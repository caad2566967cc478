// Personal access tokens page: create one, see and revoke the existing ones.
import { useTranslation } from 'next-i18next/pages';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PersonalAccessTokenList } from './PersonalAccessTokenList';
import { PersonalAccessTokensCard } from './PersonalAccessTokensCard';

export function TokensView() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('tokens.title')}
      </Typography>
      <PersonalAccessTokensCard />
      <PersonalAccessTokenList />
    </Stack>
  );
}
