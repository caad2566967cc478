// What a signed-in user sees on a page their role is not meant for.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';

export function NotAllowed() {
  const { t } = useTranslation('error');
  return (
    <Paper sx={{ p: 3, maxWidth: 560 }}>
      <PageTitle title={t('forbidden.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('forbidden.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('forbidden.body')}</Typography>
      <Button variant="contained" component={NextLink} href="/">
        {t('actions.home')}
      </Button>
    </Paper>
  );
}
