// When an NTAK certificate needs attention: a warning (task and banner) from 30 days before its
// expiry, and no sending at all once it has expired.
export const CERT_WARNING_DAYS = 30;

export type CertificateState = 'missing' | 'valid' | 'expiring' | 'expired' | 'not-yet-valid';

export function certificateState(validFrom: string | null, validTo: string | null, now: Date, warningDays = CERT_WARNING_DAYS): CertificateState {
  if (!validTo) return 'missing';
  const to = Date.parse(validTo);
  if (validFrom && Date.parse(validFrom) > now.getTime()) return 'not-yet-valid';
  if (to <= now.getTime()) return 'expired';
  if (to - now.getTime() <= warningDays * 86_400_000) return 'expiring';
  return 'valid';
}

/** Whole days until expiry (negative once expired). */
export function daysUntil(validTo: string, now: Date): number {
  return Math.floor((Date.parse(validTo) - now.getTime()) / 86_400_000);
}
