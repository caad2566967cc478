// The document reader's seal on what it read: journey/scan answers the fields with an HMAC over the
// journey id and the fields, journey/checkin stores `scanned` only when the seal matches. So the
// scan record that goes to NTAK/VIZA next to the typed-in form is what the reader really read for
// this journey, not whatever a caller sends. The key derives from the admin secret (functions get
// NHOST_ADMIN_SECRET); nothing is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ScannedFields } from '../../src/domain/mrz';

const FIELDS = ['firstName', 'lastName', 'dob', 'gender', 'nationality', 'documentType', 'documentId', 'documentExpiry', 'issuingCountry'] as const;

function key(): string {
  const secret = process.env.NHOST_ADMIN_SECRET;
  if (!secret) throw new Error('NHOST_ADMIN_SECRET is not set: scans cannot be sealed');
  return createHmac('sha256', secret).update('staydesk journey scan v1').digest('hex');
}

export function sealScan(journeyId: string, fields: Pick<ScannedFields, (typeof FIELDS)[number]>): string {
  const payload = JSON.stringify([journeyId.toLowerCase(), ...FIELDS.map((f) => fields[f] ?? null)]);
  return createHmac('sha256', key()).update(payload).digest('base64url');
}

export function scanSealValid(journeyId: string, fields: Pick<ScannedFields, (typeof FIELDS)[number]>, seal: string | undefined): boolean {
  if (!seal) return false;
  const want = Buffer.from(sealScan(journeyId, fields));
  const got = Buffer.from(seal);
  return got.length === want.length && timingSafeEqual(got, want);
}
