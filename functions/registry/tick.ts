// Cron (every minute): sends the submissions whose retry time has come or whose lease ran out,
// and records the check-out of guests whose planned check-out time passed in the last two days
// without staff recording one (which queues their NTAK and VIZA check-out).
import type { Request, Response } from 'express';
import { requireTrigger } from '../_lib/webhook';
import { admin, gql } from '../_registry/graphql';
import { deliver, dueSubmissions } from '../_registry/worker';

export default async function tick(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const now = new Date();
  const since = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const out = await gql<{ update_guest_checkins: { affected_rows: number } }>(
    admin,
    `mutation ($now: timestamptz!, $since: timestamptz!) { update_guest_checkins(where: {checked_out_at: {_is_null: true}, checkout_time: {_lte: $now, _gte: $since}}, _set: {checked_out_at: $now}) { affected_rows } }`,
    { now: now.toISOString(), since },
  );
  let sent = 0;
  for (const id of await dueSubmissions(now)) if (await deliver(id, now)) sent += 1;
  res.json({ sent, checkedOut: out.update_guest_checkins.affected_rows });
}
