// The not-found and something-went-wrong screens.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageTitle } from './PageTitle';

export function ErrorScreen({ kind }: { kind: 'notFound' | 'serverError' }) {
  const { t } = useTranslation('error');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, textAlign: 'center' }}>
      <PageTitle title={t(`${kind}.title`)} />
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t(`${kind}.title`)}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t(`${kind}.body`)}</Typography>
        <Button variant="contained" component={NextLink} href="/">
          {t('actions.home')}
        </Button>
      </Box>
    </Box>
  );
}
