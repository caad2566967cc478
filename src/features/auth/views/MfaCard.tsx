// Two-step sign-in with an authenticator app: shows whether it is on; turns it on (QR code and
// secret, confirmed with a code) or off again (with a current code, like nhost.auth's disableMfa).
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useConfigMfa } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { CodeForm } from '../components/CodeForm';
import { useMfaStatus } from '../hooks/useMfaStatus';

export function MfaCard() {
  const { t } = useTranslation('auth');
  const status = useMfaStatus();
  // What the user just did here, to confirm it once.
  const [change, setChange] = useState<'activated' | 'disabled' | null>(null);

  let body;
  if (status.active === null) body = status.error ? <AuthErrorAlert error={status.error} /> : <CircularProgress size={24} aria-label={t('mfaSetup.loading')} />;
  else if (status.active)
    body = (
      <MfaDisable
        justActivated={change === 'activated'}
        onDisabled={() => {
          setChange('disabled');
          status.setActive(false);
        }}
      />
    );
  else
    body = (
      <MfaSetup
        justDisabled={change === 'disabled'}
        onActivated={() => {
          setChange('activated');
          status.setActive(true);
        }}
      />
    );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('mfaSetup.title')}
      </Typography>
      {body}
    </Paper>
  );
}

function MfaSetup({ justDisabled, onActivated }: { justDisabled: boolean; onActivated: () => void }) {
  const { t } = useTranslation('auth');
  const { generateQrCode, activateMfa, isGenerating, isGenerated, qrCodeDataUrl, totpSecret, isActivating, error } = useConfigMfa();
  return (
    <>
      <AuthErrorAlert error={error} />
      {isGenerated ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('mfaSetup.scan')}</Typography>
          <Box component="img" src={qrCodeDataUrl} alt={t('mfaSetup.qrAlt')} sx={{ width: 200, height: 200, display: 'block', mb: 1 }} />
          <Typography variant="body2" sx={{ mb: 2, wordBreak: 'break-all' }}>
            {t('mfaSetup.secret')} <code data-testid="totp-secret">{totpSecret}</code>
          </Typography>
          <CodeForm
            prompt={t('mfaSetup.confirm')}
            submitLabel={t('mfaSetup.activate')}
            loading={isActivating}
            onSubmit={async (code) => {
              if ((await activateMfa(code)).isActivated) onActivated();
            }}
          />
        </>
      ) : (
        <>
          {justDisabled && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {t('mfaSetup.disabled')}
            </Alert>
          )}
          <Typography sx={{ mb: 2 }}>{t('mfaSetup.intro')}</Typography>
          <Button variant="contained" onClick={() => void generateQrCode()} disabled={isGenerating}>
            {t('mfaSetup.start')}
          </Button>
        </>
      )}
    </>
  );
}

function MfaDisable({ justActivated, onDisabled }: { justActivated: boolean; onDisabled: () => void }) {
  const { t } = useTranslation('auth');
  const { disableMfa, isDisabling, error } = useConfigMfa();
  return (
    <>
      <Alert severity={justActivated ? 'success' : 'info'} sx={{ mb: 2 }} role="status">
        {t('mfaSetup.activated')}
      </Alert>
      <AuthErrorAlert error={error} />
      <CodeForm
        prompt={t('mfaSetup.disablePrompt')}
        submitLabel={t('mfaSetup.disable')}
        loading={isDisabling}
        onSubmit={async (code) => {
          if ((await disableMfa(code)).isDisabled) onDisabled();
        }}
      />
    </>
  );
}
