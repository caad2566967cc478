// The app-wide warning that NTAK certificates need renewing (issue 18: "warn 30 days before it, a
// task and a banner"): each accommodation whose certificate expires within 30 days or has expired,
// with a link to its NTAK tab, where a new key, CSR and certificate are made. Renders nothing when
// none does. Pure: the container (NtakCertificateBanner) loads the rows.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { certificateState, daysUntil } from '@/domain/ntak/certificate';
import { accommodationUrl } from '@/features/accommodations/urls';

export interface ExpiringCertificate {
  id: string;
  name: string;
  ntak_cert_valid_to: string | null;
}

export interface CertificateExpiryBannerProps {
  certificates: readonly ExpiringCertificate[];
  /** How many accommodations need a new certificate in all (more than are listed). */
  total: number;
  now: Date;
  /** Whether the viewer can renew (admin, member): a link to the NTAK tab; else (a property manager) whom to ask. */
  canRenew?: boolean;
}

export function CertificateExpiryBanner({ certificates, total, now, canRenew = true }: CertificateExpiryBannerProps) {
  const { t } = useTranslation('ntak-iranytu');
  const rows = certificates.filter((c) => c.ntak_cert_valid_to && ['expiring', 'expired'].includes(certificateState(null, c.ntak_cert_valid_to, now)));
  if (!rows.length) return null;
  const anyExpired = rows.some((c) => certificateState(null, c.ntak_cert_valid_to, now) === 'expired');
  return (
    <Alert severity={anyExpired ? 'error' : 'warning'} data-testid="ntak-certificate-banner" sx={{ mb: 2 }}>
      <AlertTitle>{t('banner.title')}</AlertTitle>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {rows.map((c) => {
          const validTo = c.ntak_cert_valid_to ?? '';
          const expired = certificateState(null, validTo, now) === 'expired';
          return (
            <li key={c.id} data-testid="ntak-certificate-banner-item" data-state={expired ? 'expired' : 'expiring'}>
              {expired ? t('banner.expired', { name: c.name }) : t('banner.expiring', { name: c.name, count: Math.max(daysUntil(validTo, now), 0) })}{' '}
              {canRenew ? (
                <Link component={NextLink} href={accommodationUrl(c.id, 'ntak')} prefetch={false}>
                  {t('banner.renew')}
                </Link>
              ) : (
                t('banner.askToRenew')
              )}
            </li>
          );
        })}
      </Stack>
      {total > rows.length ? t('banner.more', { count: total - rows.length }) : null}
    </Alert>
  );
}
