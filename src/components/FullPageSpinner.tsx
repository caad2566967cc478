// Shown while the session is being restored, so pages never flash signed-out content.
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
