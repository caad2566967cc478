// The frame of the account screens: app name, language switch and a card, full width on phones.
import type { ReactNode } from 'react';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '@/components/LanguageSwitch';

export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Box sx={{ width: '100%', maxWidth: 440, display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        {/* No prefetch as it comes into view (pointing at it or touching it still does): Next
            would fetch the page's data and run its module in the account screen's load. */}
        <Typography variant="h5" component={NextLink} href="/" prefetch={false} sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 600 }}>
          {t('appName')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 2, sm: 3 } }}>{children}</Paper>
    </Box>
  );
}
