// GET /v1/functions/ical/export?token=<64 hex>: the unit's availability as an iCalendar feed
// (RFC 5545) for Airbnb, Booking.com and other channels to poll. The token is the unit's secret
// in unit_ical_exports (only staff read or rotate it); the feed holds blocked nights only - active
// stays and closed dates from 60 days back - never a guest's name, channel or booking id.
// Unknown, malformed and rotated tokens all answer the same 404, so the URL cannot be probed.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { exportCalendar, runsOfDates, utcStamp, type BlockedRange } from '../../src/domain/ical/exportFeed';
import { admin, gql } from '../_registry/graphql';

const TOKEN = /^[0-9a-f]{64}$/;
const HISTORY_DAYS = 60;

interface Data {
  unit_ical_exports: { unit_id: string }[];
}
interface Blocks {
  booked_units: { id: string; checkin: string; checkout: string }[];
  unit_dates: { date: string }[];
}

const UNIT = `query IcalExportUnit($token: String!) { unit_ical_exports(where: { token: { _eq: $token } }) { unit_id } }`;
const BLOCKS = `query IcalExportBlocks($unit: uuid!, $from: date!) {
  booked_units(where: { unit_id: { _eq: $unit }, is_cancelled: { _eq: false }, checkout: { _gte: $from } }, order_by: { checkin: asc }) { id checkin checkout }
  unit_dates(where: { unit_id: { _eq: $unit }, is_closed: { _eq: true }, date: { _gte: $from } }, order_by: { date: asc }) { date }
}`;

function notFound(res: Response): void {
  res.status(404).json({ status: 404, error: 'not-found', message: 'Not found' });
}

export default async function icalExport(req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).set('allow', 'GET, HEAD').json({ status: 405, error: 'method-not-allowed', message: 'Use GET' });
    return;
  }
  const token = typeof req.query.token === 'string' ? req.query.token.trim().toLowerCase().replace(/\.ics$/, '') : '';
  if (!TOKEN.test(token)) return notFound(res);
  const unit = (await gql<Data>(admin, UNIT, { token })).unit_ical_exports[0];
  if (!unit) return notFound(res);
  const from = new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const blocks = await gql<Blocks>(admin, BLOCKS, { unit: unit.unit_id, from });
  const ranges: BlockedRange[] = [
    ...blocks.booked_units.map((b) => ({ key: `stay:${b.id}`, start: b.checkin, end: b.checkout })),
    ...runsOfDates(blocks.unit_dates.map((d) => d.date)).map((r) => ({ key: `closed:${r.start}`, ...r })),
  ];
  // UIDs are stable per stay but reveal nothing: a hash of the unit and the stay's key.
  const uidOf = (key: string) => crypto.createHash('sha256').update(`${unit.unit_id}:${key}`).digest('hex').slice(0, 32);
  const body = exportCalendar(ranges, { stamp: utcStamp(new Date()), uidOf });
  res
    .status(200)
    .set('content-type', 'text/calendar; charset=utf-8')
    .set('content-disposition', 'inline; filename="availability.ics"')
    .set('cache-control', 'private, max-age=300')
    .set('x-robots-tag', 'noindex')
    .send(req.method === 'HEAD' ? undefined : body);
}
