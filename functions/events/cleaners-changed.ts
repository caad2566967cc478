// Event trigger cleaners_changed (unit_2_users insert/update/delete) -> the unit's upcoming live
// cleanings follow its cleaners: unassigned ones, and those of a cleaner no longer connected, go
// to a connected cleaner (src/domain/cleanings reassignCleanings). Reads the current state, so a
// redelivery changes nothing; a later change of the unit's cleaners sends its own event.
import type { Request, Response } from 'express';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { LIVE_CLEANING_STATUSES, loadKey, reassignCleanings } from '../../src/domain/cleanings';
import { asAdmin } from './_ops/graphql';
import { UUID } from '../../src/lib/uuid';

type Row = Record<string, unknown>;
const MAX_ROUNDS = 3;

const STATE = `query ($unit: uuid!, $from: date!, $live: [cleaning_statuses_enum!]!) {
  cleaners: unit_2_users(where: {unit_id: {_eq: $unit}, connection_type: {_eq: cleaner}}) { user_id }
  upcoming: cleanings(where: {unit_id: {_eq: $unit}, status: {_in: $live}, date: {_gte: $from}}, order_by: {date: asc}, limit: 500) { id date cleaner_user_id }
}`;
const LOAD = `query ($cleaners: [uuid!]!, $dates: [date!]!, $live: [cleaning_statuses_enum!]!) {
  cleanings(where: {cleaner_user_id: {_in: $cleaners}, date: {_in: $dates}, status: {_in: $live}}) { cleaner_user_id date }
}`;

export default async function cleanersChanged(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const ev = req.body as Partial<TriggerEvent<Row>> | undefined;
  const data = ev?.event?.data;
  if (!data || ev?.table?.name !== 'unit_2_users') {
    res.status(400).json({ error: 'invalid-event', message: 'Expected a unit_2_users event' });
    return;
  }
  const units = [...new Set([data.old?.unit_id, data.new?.unit_id].filter((u): u is string => typeof u === 'string' && UUID.test(u)))];
  try {
    let changed = 0;
    for (const unit of units) changed += await follow(unit);
    res.json({ changed });
  } catch (error) {
    res.status(500).json({ error: 'reassign-failed', message: error instanceof Error ? error.message : String(error) });
  }
}

async function follow(unit: string): Promise<number> {
  const live = [...LIVE_CLEANING_STATUSES];
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
  let changed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const s = await asAdmin<{ cleaners: { user_id: string }[]; upcoming: { id: string; date: string; cleaner_user_id: string | null }[] }>(STATE, { unit, from, live });
    const cleaners = s.cleaners.map((c) => c.user_id);
    const load: Record<string, number> = {};
    if (cleaners.length > 1) {
      const l = await asAdmin<{ cleanings: { cleaner_user_id: string; date: string }[] }>(LOAD, { cleaners, dates: [...new Set(s.upcoming.map((c) => c.date))], live });
      for (const c of l.cleanings) load[loadKey(c.cleaner_user_id, c.date)] = (load[loadKey(c.cleaner_user_id, c.date)] ?? 0) + 1;
    }
    const moves = reassignCleanings(s.upcoming.map((c) => ({ id: c.id, date: c.date, cleanerUserId: c.cleaner_user_id })), cleaners, load);
    if (!moves.length) return changed;
    const r = await asAdmin<{ update_cleanings_many: { affected_rows: number }[] }>(
      `mutation ($updates: [cleanings_updates!]!) { update_cleanings_many(updates: $updates) { affected_rows } }`,
      { updates: moves.map((m) => ({ where: { id: { _eq: m.id }, status: { _in: live } }, _set: { cleaner_user_id: m.cleanerUserId } })) },
    );
    changed += r.update_cleanings_many.reduce((n, x) => n + x.affected_rows, 0);
  }
  return changed;
}
