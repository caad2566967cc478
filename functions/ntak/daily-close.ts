// Cron (hourly; acts from 04:00 Budapest time): queues, per accommodation that reports to NTAK
// (an NTAK id, a certificate, skip NTAK off), one scheduler call for the Budapest day. The
// queue delivers it; NTAK's answer lists the days still to close (at most 60 back) and the worker
// queues one daily close per day (registry_submissions, message_type daily_close), each sent on
// its own so one failure blocks no other. Event keys (accommodation + day) make a re-run, a late
// run after downtime, or a redelivered cron event queue nothing twice; the message id (the row's
// id) makes a re-sent message count once at NTAK.
import type { Request, Response } from 'express';
import { budapestDate, SCHEDULER_LOCAL_HOUR, schedulerDue, schedulerKey } from '../../src/domain/ntak';
import { requireTrigger } from '../_lib/webhook';
import { queue } from '../_registry/enqueue';
import { admin, gql } from '../_registry/graphql';

export default async function dailyClose(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const now = new Date();
  const fromHour = Number(process.env.NTAK_DAILY_CLOSE_HOUR ?? SCHEDULER_LOCAL_HOUR);
  if (!schedulerDue(now, Number.isInteger(fromHour) ? fromHour : SCHEDULER_LOCAL_HOUR)) return void res.json({ queued: 0, reason: `before ${fromHour}:00 Europe/Budapest` });
  const day = budapestDate(now);
  const d = await gql<{ accommodations: { id: string }[] }>(
    admin,
    `{ accommodations(where: {skip_ntak: {_eq: false}, ntak_id: {_is_null: false}, _or: [{ntak_cert: {_is_null: false}}, {ntak_auth_cert: {_is_null: false}}]}) { id } }`,
  );
  const queued = await queue(
    d.accommodations.map((a) => ({
      accommodation_id: a.id, service: 'ntak' as const, message_type: 'scheduler' as const, report_date: day,
      event_key: schedulerKey(a.id, day), payload: { recipe: { day, occurredAt: now.toISOString() } },
    })),
  );
  res.json({ day, accommodations: d.accommodations.length, queued });
}
