// POST /v1/functions/ntak/certificate, the NTAK tab's certificate flow, for a caller whose own token
// may change the accommodation's NTAK certificate columns (admin, member; the metadata decides):
//   {action: "generate", accommodationId}            → new RSA key and CSR; the CSR is stored in
//        ntak_csr (and ntak_signing_csr for the older auth+signing pair), the key only sealed
//        (AES-256-GCM, REGISTRY_KEY_ENCRYPTION_KEY) in ntak_private_key, readable by the admin secret only.
//        200 {csr, fileName}
//   {action: "upload", accommodationId, certificate, kind?: "unified" | "auth" | "signing"}
//        → the certificate NTAK returned (PEM, or DER as base64), checked against the stored key;
//        200 {subject, issuer, validFrom, validTo, state, requeued, sent}; submissions blocked for want
//        of a (valid) certificate are queued again (requeued = how many) and the oldest sent at once
//        (sent = how many went before the answer; the tick sends the rest)
// 400 {status, error, field?, message}: invalid-body, invalid-uuid, invalid-action, invalid-kind,
// invalid-certificate, key-mismatch, no-key (upload before generate); 401/403; 503 encryption-key-missing.
// The private key never leaves this function and is never logged.
import type { Request, Response } from 'express';
import { certificateState } from '../../src/domain/ntak';
import { admin, gql } from '../_registry/graphql';
import { CertificateInputError, certificateMatchesKey, generateKeyAndCsr, parseCertificate } from '../_registry/pki';
import { encryptionKey, MissingKeyError, open, seal } from '../_registry/secretBox';
import { deliverWithin } from '../_registry/worker';
import { UUID } from '../../src/lib/uuid';

/** How long an upload spends sending what waited for the certificate before it answers. */
const SEND_NOW_MS = 5_000;

const COLUMN = { unified: 'ntak_cert', auth: 'ntak_auth_cert', signing: 'ntak_signing_cert' } as const;

function fail(res: Response, status: number, error: string, message: string, field?: string): void {
  res.status(status).json({ status, error, message, ...(field ? { field } : {}) });
}

/** Writes `set` with the caller's token: the permission check is the metadata's. */
async function writeAsCaller(req: Request, id: string, set: Record<string, unknown>): Promise<'ok' | 'forbidden' | 'unauthorized'> {
  try {
    const d = await gql<{ update_accommodations: { affected_rows: number } }>(
      { authorization: req.header('authorization') ?? '', role: req.header('x-hasura-role') ?? undefined },
      `mutation ($id: uuid!, $set: accommodations_set_input!) { update_accommodations(where: {id: {_eq: $id}}, _set: $set) { affected_rows } }`,
      { id, set },
    );
    return d.update_accommodations.affected_rows === 1 ? 'ok' : 'forbidden';
  } catch (e) {
    const code = (e as { code?: string }).code;
    return code === 'invalid-jwt' || code === 'access-denied' && /jwt|token/i.test((e as Error).message) ? 'unauthorized' : 'forbidden';
  }
}

export default async function certificate(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return fail(res, 405, 'method-not-allowed', 'Use POST');
  if (!/^Bearer\s+\S+$/i.test(req.header('authorization')?.trim() ?? '')) return fail(res, 401, 'unauthorized', 'Sign in first: send the access token as Authorization: Bearer <token>');
  const body = req.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(res, 400, 'invalid-body', 'Send a JSON object');
  const id = body.accommodationId;
  if (typeof id !== 'string' || !UUID.test(id)) return fail(res, 400, 'invalid-uuid', 'accommodationId must be a UUID', 'accommodationId');
  let key: Buffer;
  try {
    key = encryptionKey();
  } catch (e) {
    if (e instanceof MissingKeyError) return fail(res, 503, e.code, e.message);
    throw e;
  }

  if (body.action === 'generate') {
    const { privateKeyPem, csrPem } = await generateKeyAndCsr();
    const allowed = await writeAsCaller(req, id, { ntak_csr: csrPem, ntak_signing_csr: csrPem });
    if (allowed !== 'ok') return fail(res, allowed === 'unauthorized' ? 401 : 403, allowed, 'You cannot change the NTAK certificates of this accommodation');
    await gql(admin, `mutation ($id: uuid!, $k: String!, $at: timestamptz!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: {ntak_private_key: $k, ntak_key_created_at: $at}) { id } }`, { id, k: seal(privateKeyPem, key), at: new Date().toISOString() });
    return void res.json({ csr: csrPem, fileName: `ntak-${id.slice(0, 8)}.csr`, mimeType: 'application/pkcs10' });
  }

  if (body.action === 'upload') {
    const kind = (body.kind ?? 'unified') as keyof typeof COLUMN;
    if (!(kind in COLUMN)) return fail(res, 400, 'invalid-kind', 'kind is unified, auth or signing', 'kind');
    if (typeof body.certificate !== 'string' || body.certificate.length > 64_000) return fail(res, 400, 'invalid-certificate', 'certificate must be the PEM text or base64 of the .CER file', 'certificate');
    let info;
    try {
      info = parseCertificate(body.certificate);
    } catch (e) {
      if (e instanceof CertificateInputError) return fail(res, 400, e.code, e.message, 'certificate');
      throw e;
    }
    const stored = await gql<{ accommodations_by_pk: { ntak_private_key: string | null } | null }>(admin, `query ($id: uuid!) { accommodations_by_pk(id: $id) { ntak_private_key } }`, { id });
    const sealed = stored.accommodations_by_pk?.ntak_private_key;
    if (!sealed) return fail(res, 400, 'no-key', 'Generate a CSR here first: the certificate must belong to its key', 'certificate');
    if (!certificateMatchesKey(info.pem, open(sealed, key))) return fail(res, 400, 'key-mismatch', 'This certificate was not issued for the last CSR generated here', 'certificate');
    const allowed = await writeAsCaller(req, id, { [COLUMN[kind]]: info.pem });
    if (allowed !== 'ok') return fail(res, allowed === 'unauthorized' ? 401 : 403, allowed, 'You cannot change the NTAK certificates of this accommodation');
    if (kind !== 'signing') {
      await gql(admin, `mutation ($id: uuid!, $s: jsonb!, $from: timestamptz!, $to: timestamptz!) { update_accommodations_by_pk(pk_columns: {id: $id}, _set: {ntak_cert_subject: $s, ntak_cert_valid_from: $from, ntak_cert_valid_to: $to}) { id } }`, {
        id, s: { subject: info.subject, issuer: info.issuer, serialNumber: info.serialNumber, fingerprint256: info.fingerprint256 }, from: info.validFrom, to: info.validTo,
      });
    }
    const state = certificateState(info.validFrom, info.validTo, new Date());
    // What waited for a certificate goes out now: blocked rows become due again, and the oldest are
    // sent before answering (for up to SEND_NOW_MS, so the member sees them go); the rest go with the
    // per-minute tick (registry/tick).
    let requeued = 0;
    let sent = 0;
    if (kind !== 'signing' && (state === 'valid' || state === 'expiring')) {
      const d = await gql<{ update_registry_submissions: { affected_rows: number; returning: { id: string; created_at: string }[] } }>(
        admin,
        `mutation ($id: uuid!) { update_registry_submissions(where: {accommodation_id: {_eq: $id}, status: {_eq: blocked}, reason: {_like: "certificate-%"}}, _set: {status: pending, next_attempt_at: null, reason: null}) { affected_rows returning { id created_at } } }`,
        { id },
      );
      requeued = d.update_registry_submissions.affected_rows;
      // Oldest first, as the tick sends them (a reservation before its check-in).
      const queued = [...d.update_registry_submissions.returning].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
      sent = await deliverWithin(queued.map((r) => r.id), SEND_NOW_MS);
    }
    return void res.json({ subject: info.subject, issuer: info.issuer, validFrom: info.validFrom, validTo: info.validTo, state, requeued, sent });
  }
  fail(res, 400, 'invalid-action', 'action is generate or upload', 'action');
}
