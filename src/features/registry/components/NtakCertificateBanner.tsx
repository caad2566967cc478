// Loads the accommodations whose NTAK certificate needs renewing for the app-wide banner: for the
// roles that can renew one (admin, member: the certificate function refuses others) and for
// property managers, whose check-ins stop going to NTAK and VIZA too (the metadata shows them
// their own accommodations only; they are told whom to ask). Nothing for other roles, and nothing
// while loading or when the request fails (the NTAK tab still warns).
import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { CERT_WARNING_DAYS } from '@/domain/ntak/certificate';
import { ExpiringNtakCertificatesDocument } from '../graphql/expiringCertificates.generated';
import { CertificateExpiryBanner } from './CertificateExpiryBanner';

export const CERTIFICATE_ROLES: readonly string[] = ['admin', 'member'];
const BANNER_ROLES: readonly string[] = [...CERTIFICATE_ROLES, 'manager'];
const LISTED = 5;

export function NtakCertificateBanner({ role }: { role: string | null }) {
  const allowed = role !== null && BANNER_ROLES.includes(role);
  // Fixed for the page's life (to the minute) so the query's variables, and its cache entry, stay put.
  const now = useMemo(() => new Date(Math.floor(Date.now() / 60_000) * 60_000), []);
  const before = useMemo(() => new Date(now.getTime() + CERT_WARNING_DAYS * 86_400_000).toISOString(), [now]);
  const q = useQuery(ExpiringNtakCertificatesDocument, { variables: { before, limit: LISTED }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  if (!allowed || !q.data) return null;
  return <CertificateExpiryBanner certificates={q.data.accommodations} total={q.data.accommodations_aggregate.aggregate?.count ?? 0} now={now} canRenew={CERTIFICATE_ROLES.includes(role)} />;
}
