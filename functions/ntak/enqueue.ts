// Event trigger (bookings, guest_checkins, booked_units) → queued NTAK and VIZA submissions.
//   bookings insert/update          → NTAK reservation (new, modified, cancelled); held while the
//                                     guest count is unknown (iCal imports, src/domain/ntak/reservationHold)
//   guest_checkins insert           → NTAK check-in and VIZA check-in (a completed check-in, from the journey or staff)
//   guest_checkins checked_out_at   → NTAK check-out and VIZA check-out
//   guest_checkins booking_unit_id, booked_units unit_id → NTAK room change
// Delivery happens in registry/deliver (event on the new row) and registry/tick (retries).
import type { Request, Response } from 'express';
import { reservationDue, type BookingEventRow } from '../../src/domain/ntak/reservationHold';
import { requireTrigger, type TriggerEvent } from '../_lib/webhook';
import { accommodationOfBookedUnit, queue, releaseHeld, skipNtak, type NewSubmission } from '../_registry/enqueue';

type Row = Record<string, unknown>;

export default async function enqueue(req: Request, res: Response): Promise<void> {
  if (!requireTrigger(req, res)) return;
  const ev = req.body as TriggerEvent<Row>;
  const table = ev?.table?.name;
  const { old: before, new: after } = ev?.event?.data ?? { old: null, new: null };
  const at = ev.created_at && !Number.isNaN(Date.parse(ev.created_at)) ? new Date(ev.created_at).toISOString() : new Date().toISOString();
  const rows: NewSubmission[] = [];
  if (table === 'bookings' && after) {
    const accommodationId = String(after.accommodation_id);
    const row = (r: Row): BookingEventRow => ({ status: String(r.status), guests_unknown: r.guests_unknown === true });
    const due = reservationDue(before ? row(before) : null, row(after));
    if (due && !(await skipNtak(accommodationId))) {
      rows.push({ accommodation_id: accommodationId, service: 'ntak', message_type: 'reservation', booking_id: String(after.id), event_key: `ntak:reservation:${ev.id}`, payload: { recipe: { bookingId: String(after.id), occurredAt: at } } });
    }
    // Messages that waited for the held reservation go once it is sent (or the stay is cancelled).
    if (before?.guests_unknown === true && (after.guests_unknown !== true || after.status === 'cancelled')) {
      await releaseHeld(String(after.id), accommodationId, new Date(Date.now() + 60_000));
    }
  } else if (table === 'guest_checkins' && after) {
    const where = await accommodationOfBookedUnit(String(after.booking_unit_id));
    if (where) {
      const base = { accommodation_id: where.accommodationId, booking_id: where.bookingId, guest_checkin_id: String(after.id) };
      const recipe = { guestIds: [String(after.id)], occurredAt: at };
      const ntak = !where.skipNtak;
      if (ev.event.op === 'INSERT' || (ev.event.op === 'MANUAL' && !after.checked_out_at)) {
        if (ntak) rows.push({ ...base, service: 'ntak', message_type: 'check_in', event_key: `ntak:check_in:${ev.id}`, payload: { recipe } });
        rows.push({ ...base, service: 'viza', message_type: 'check_in', event_key: `viza:check_in:${ev.id}`, payload: { recipe } });
      }
      if (after.checked_out_at && !before?.checked_out_at) {
        const out = { guestIds: [String(after.id)], occurredAt: String(after.checked_out_at) };
        if (ntak) rows.push({ ...base, service: 'ntak', message_type: 'check_out', event_key: `ntak:check_out:${ev.id}`, payload: { recipe: out } });
        rows.push({ ...base, service: 'viza', message_type: 'check_out', event_key: `viza:check_out:${ev.id}`, payload: { recipe: out } });
      }
      if (ntak && before && before.booking_unit_id !== after.booking_unit_id) {
        const from = await fromUnit(String(before.booking_unit_id));
        if (from) rows.push({ ...base, service: 'ntak', message_type: 'room_change', event_key: `ntak:room_change:${ev.id}`, payload: { recipe: { guestIds: [String(after.id)], fromUnitId: from, occurredAt: at } } });
      }
    }
  } else if (table === 'booked_units' && before && after && before.unit_id !== after.unit_id) {
    const where = await accommodationOfBookedUnit(String(after.id));
    const guests = await guestsOf(String(after.id));
    if (where && !where.skipNtak && guests.length) {
      rows.push({ accommodation_id: where.accommodationId, booking_id: where.bookingId, service: 'ntak', message_type: 'room_change', event_key: `ntak:room_change:${ev.id}`, payload: { recipe: { guestIds: guests, fromUnitId: String(before.unit_id), occurredAt: at } } });
    }
  }
  const queued = await queue(rows);
  res.json({ queued });
}

async function fromUnit(bookedUnitId: string): Promise<string | null> {
  const { gql, admin } = await import('../_registry/graphql');
  const d = await gql<{ booked_units_by_pk: { unit_id: string } | null }>(admin, `query ($id: uuid!) { booked_units_by_pk(id: $id) { unit_id } }`, { id: bookedUnitId });
  return d.booked_units_by_pk?.unit_id ?? null;
}

async function guestsOf(bookedUnitId: string): Promise<string[]> {
  const { gql, admin } = await import('../_registry/graphql');
  const d = await gql<{ guest_checkins: { id: string }[] }>(admin, `query ($id: uuid!) { guest_checkins(where: {booking_unit_id: {_eq: $id}, checked_out_at: {_is_null: true}}) { id } }`, { id: bookedUnitId });
  return d.guest_checkins.map((g) => g.id);
}
