// What a visitor who is not signed in sees at the root: what Staydesk is and the way in.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { PageTitle } from '@/components/PageTitle';

export function Landing() {
  const { t } = useTranslation('common');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', px: 2, textAlign: 'center' }}>
      <PageTitle />
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch />
      </Box>
      <Typography variant="h3" component="h1" color="primary" sx={{ fontWeight: 600 }}>
        {t('appName')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 1, mb: 1 }}>
        {t('tagline')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mb: 3 }}>
        {t('landing.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" component={NextLink} href="/sign-in">
          {t('actions.signIn')}
        </Button>
        <Button variant="outlined" size="large" component={NextLink} href="/sign-up">
          {t('actions.signUp')}
        </Button>
      </Stack>
    </Box>
  );
}
