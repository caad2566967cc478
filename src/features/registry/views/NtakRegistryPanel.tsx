// The NTAK tab's registry part, under the tab's fields: the certificate (subject, validity, a
// warning from 30 days before expiry, blocked once expired), the CSR flow for those who may change
// it, and the accommodation's last submissions with a link to all of them on /ntak.
import { useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { certificateState, daysUntil } from '@/domain/ntak/certificate';
import { downloadText } from '../api';
import { SubmissionTable } from '../components/SubmissionTable';
import { AccommodationRegistryDocument } from '../graphql/accommodationRegistry.generated';
import { useCertificate, type CertificateKind } from '../hooks/useCertificate';
import { useResend } from '../hooks/useResend';
import { useSubmissions } from '../hooks/useSubmissions';
import { ntakUrl } from '../urls';

const LAST = 5;

export function NtakRegistryPanel({ id, canManage }: { id: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('ntak-iranytu');
  const q = useQuery(AccommodationRegistryDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const acc = q.data?.accommodations_by_pk;
  const cert = useCertificate(id);
  const { resend, busyId } = useResend();
  const last = useSubmissions({ accommodation_id: { _eq: id } }, 0, LAST);
  const [kind, setKind] = useState<CertificateKind>('unified');
  const file = useRef<HTMLInputElement>(null);
  if (!acc) return null;
  const now = new Date();
  const state = certificateState(acc.ntak_cert_valid_from ?? null, acc.ntak_cert_valid_to ?? null, now);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  // Stored by functions/ntak/certificate as {subject: {CN, OU, L, ...}, issuer, serialNumber, fingerprint256}.
  const subject = ((acc.ntak_cert_subject as { subject?: Record<string, string> } | null)?.subject ?? null) as Record<string, string> | null;

  const confirmGenerate = () => {
    if (acc.ntak_csr && !window.confirm(t('certificate.regenerateConfirm'))) return;
    void cert.generate();
  };

  return (
    <Stack spacing={2} component="section" aria-label={t('certificate.title')} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3">
        {t('certificate.title')}
      </Typography>
      {state === 'missing' ? <Alert severity="info">{t('certificate.missing')}</Alert> : null}
      {state === 'expiring' && acc.ntak_cert_valid_to ? <Alert severity="warning">{t('certificate.expiring', { count: Math.max(0, daysUntil(acc.ntak_cert_valid_to, now)) })}</Alert> : null}
      {state === 'expired' ? <Alert severity="error">{t('certificate.expired')}</Alert> : null}
      {state === 'not-yet-valid' ? <Alert severity="warning">{t('certificate.notYetValid')}</Alert> : null}
      {acc.ntak_cert_valid_to ? (
        <dl style={{ margin: 0 }} data-testid="ntak-certificate">
          {subject ? (
            <>
              <dt>{t('certificate.subject')}</dt>
              <dd>{Object.entries(subject).map(([k, v]) => `${k}=${v}`).join(', ')}</dd>
            </>
          ) : null}
          {acc.ntak_cert_valid_from ? <dd>{t('certificate.validFrom', { date: date(acc.ntak_cert_valid_from) })}</dd> : null}
          <dd>{t('certificate.expires', { date: date(acc.ntak_cert_valid_to) })}</dd>
        </dl>
      ) : null}
      {acc.ntak_key_created_at ? <Typography variant="body2">{t('certificate.keyCreated', { date: date(acc.ntak_key_created_at) })}</Typography> : null}
      {canManage ? (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('certificate.howTo')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" disabled={cert.busy} onClick={confirmGenerate}>
              {t('certificate.generate')}
            </Button>
            {acc.ntak_csr ? (
              <Button variant="text" onClick={() => downloadText(acc.ntak_csr ?? '', `ntak-${acc.ntak_id ?? acc.id}.csr`)}>
                {t('certificate.downloadCsr')}
              </Button>
            ) : null}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select size="small" fullWidth={false} sx={{ minWidth: 240 }} label={t('certificate.kind')} value={kind} onChange={(e) => setKind(e.target.value as CertificateKind)}>
              {(['unified', 'auth', 'signing'] as const).map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`certificate.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <input
              ref={file}
              type="file"
              accept=".cer,.crt,.pem,.der"
              hidden
              aria-label={t('certificate.upload')}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void cert.upload(f, kind);
              }}
            />
            <Button variant="contained" disabled={cert.busy || !acc.ntak_csr} onClick={() => file.current?.click()}>
              {t('certificate.upload')}
            </Button>
          </Stack>
          {!acc.ntak_csr ? <Typography variant="caption">{t('certificate.noKey')}</Typography> : null}
        </Stack>
      ) : null}
      <Typography variant="subtitle1" component="h3">
        {t('dashboard.lastSubmissions')}
      </Typography>
      <SubmissionTable label={t('dashboard.lastSubmissions')} rows={last.rows} total={last.total} page={0} showAccommodation={false} onResend={(sid) => void resend(sid)} busyId={busyId} />
      <MuiLink component={Link} href={ntakUrl({ accommodation: id })}>
        {t('dashboard.allOfAccommodation', { count: last.total })}
      </MuiLink>
    </Stack>
  );
}
