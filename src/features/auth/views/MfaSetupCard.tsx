// Turning on app-based two-step sign-in: show the QR code and secret, confirm with a code.
import { useTranslation } from 'next-i18next/pages';
import { useConfigMfa } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { CodeForm } from '../components/CodeForm';

export function MfaSetupCard() {
  const { t } = useTranslation('auth');
  const { generateQrCode, activateMfa, isGenerating, isGenerated, qrCodeDataUrl, totpSecret, isActivating, isActivated, error } = useConfigMfa();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('mfaSetup.title')}
      </Typography>
      <AuthErrorAlert error={error} />
      {isActivated ? (
        <Alert severity="success" role="status">
          {t('mfaSetup.activated')}
        </Alert>
      ) : isGenerated ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('mfaSetup.scan')}</Typography>
          <Box component="img" src={qrCodeDataUrl} alt={t('mfaSetup.qrAlt')} sx={{ width: 200, height: 200, display: 'block', mb: 1 }} />
          <Typography variant="body2" sx={{ mb: 2, wordBreak: 'break-all' }}>
            {t('mfaSetup.secret')} <code data-testid="totp-secret">{totpSecret}</code>
          </Typography>
          <CodeForm prompt={t('mfaSetup.confirm')} submitLabel={t('mfaSetup.activate')} loading={isActivating} onSubmit={(code) => void activateMfa(code)} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('mfaSetup.intro')}</Typography>
          <Button variant="contained" onClick={() => void generateQrCode()} disabled={isGenerating}>
            {t('mfaSetup.start')}
          </Button>
        </>
      )}
    </Paper>
  );
}
