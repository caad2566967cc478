// Event trigger on a new registry_submissions row: deliver it now. A row held by another delivery
// (a lease not yet run out, e.g. cut off by a restart) answers 503 so the event is retried.
import type { Request, Response } from 'express';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { deliver } from '../_registry/worker';

export default async function deliverSubmission(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const ev = req.body as TriggerEvent<{ id: string; status: string; claimed_until: string | null }>;
  const row = ev?.event?.data?.new;
  if (!row?.id) return void res.status(400).json({ status: 400, error: 'invalid-event', message: 'No submission in the event' });
  const result = await deliver(row.id);
  if (result) return void res.json(result);
  // Not claimable: finished already (fine), waiting for its retry time (the tick sends it), or held.
  const { gql, admin } = await import('../_registry/graphql');
  const d = await gql<{ registry_submissions_by_pk: { status: string; claimed_until: string | null } | null }>(admin, `query ($id: uuid!) { registry_submissions_by_pk(id: $id) { status claimed_until } }`, { id: row.id });
  const s = d.registry_submissions_by_pk;
  if (s?.status === 'pending' && s.claimed_until && Date.parse(s.claimed_until) > Date.now()) return void res.status(503).json({ status: 503, error: 'held', message: 'Another delivery holds this submission; retry later' });
  res.json({ status: s?.status ?? 'gone', reason: null });
}
