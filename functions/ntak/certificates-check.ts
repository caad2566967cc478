// Cron (daily): a task ahead of each NTAK certificate's expiry, 30, 7 and 1 days before and once
// it has expired, once per certificate and threshold. A certificate is named by the SHA-256 of its
// PEM, so a renewed one starts over. The reminder row's insert creates the task in the same
// statement (a database trigger, migration 1795320080000) and conflicts on a repeat, so a re-run
// or a redelivered cron event creates nothing twice. The task hangs on the accommodation's first
// unit so its managers see it; its due date is the expiry day (Budapest). It has no author, and a
// cleaner sees only tasks a person wrote (public_tasks.yaml), so a cleaner cannot close it.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { budapestDate, reminderThreshold } from '../../src/domain/ntak';
import { requireTrigger } from '../_lib/webhook';
import { admin, gql } from '../_registry/graphql';

interface Row {
  id: string;
  name: string;
  ntak_cert: string | null;
  ntak_auth_cert: string | null;
  ntak_cert_valid_to: string;
  units: { id: string }[];
}

// Tasks carry one free-text title (no translation key), so it names the action in both languages.
function texts(acc: Row, threshold: number, expiry: string) {
  if (threshold === 0) {
    return {
      title: `NTAK certificate expired: ${acc.name} / Lejárt az NTAK-tanúsítvány: ${acc.name}`,
      description: `The NTAK certificate expired on ${expiry}; nothing is sent to NTAK or VIZA until a new one is uploaded. Generate a new CSR on the accommodation's NTAK tab, upload it on the NTAK portal and load the returned certificate.\n\nAz NTAK-tanúsítvány ${expiry}-án lejárt; új feltöltéséig semmi sem megy az NTAK-nak és a VIZA-nak. Készítsen új CSR-t a szálláshely NTAK fülén, töltse fel az NTAK portálon, majd töltse be a kapott tanúsítványt.`,
    };
  }
  return {
    title: `NTAK certificate expires in ${threshold} day(s): ${acc.name} / ${threshold} nap múlva lejár az NTAK-tanúsítvány: ${acc.name}`,
    description: `The NTAK certificate is valid until ${expiry}. Generate a new CSR on the accommodation's NTAK tab, upload it on the NTAK portal and load the returned certificate before then.\n\nAz NTAK-tanúsítvány ${expiry}-ig érvényes. Addig készítsen új CSR-t a szálláshely NTAK fülén, töltse fel az NTAK portálon, és töltse be a kapott tanúsítványt.`,
  };
}

export default async function certificatesCheck(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const now = new Date();
  const d = await gql<{ accommodations: Row[] }>(
    admin,
    `query ($until: timestamptz!) { accommodations(where: {ntak_cert_valid_to: {_is_null: false, _lte: $until}, _or: [{ntak_cert: {_is_null: false}}, {ntak_auth_cert: {_is_null: false}}]}) {
      id name ntak_cert ntak_auth_cert ntak_cert_valid_to units(order_by: {position: asc}, limit: 1) { id } } }`,
    { until: new Date(now.getTime() + 31 * 86_400_000).toISOString() },
  );
  const rows = d.accommodations.flatMap((acc) => {
    const threshold = reminderThreshold(acc.ntak_cert_valid_to, now);
    const pem = acc.ntak_cert ?? acc.ntak_auth_cert;
    if (threshold === null || !pem) return [];
    const expiry = budapestDate(new Date(acc.ntak_cert_valid_to));
    return [{
      accommodation_id: acc.id, certificate_sha256: crypto.createHash('sha256').update(pem.trim()).digest('hex'), threshold_days: threshold,
      valid_to: acc.ntak_cert_valid_to, unit_id: acc.units[0]?.id ?? null, ...texts(acc, threshold, expiry),
    }];
  });
  if (!rows.length) return void res.json({ checked: d.accommodations.length, created: 0 });
  const r = await gql<{ insert_ntak_certificate_reminders: { affected_rows: number } }>(
    admin,
    `mutation ($rows: [ntak_certificate_reminders_insert_input!]!) {
      insert_ntak_certificate_reminders(objects: $rows, on_conflict: {constraint: ntak_certificate_reminders_pkey, update_columns: []}) { affected_rows } }`,
    { rows },
  );
  res.json({ checked: d.accommodations.length, created: r.insert_ntak_certificate_reminders.affected_rows });
}
