// Turns a table event into queued submissions (one row each, keyed by the event id so a
// redelivered event queues nothing twice). NTAK rows are not queued for an accommodation with
// skip NTAK; VIZA rows always are (the guest-registration duty does not depend on NTAK).
import type { NtakMessageType } from '../../src/domain/ntak';
import { admin, gql } from './graphql';
import type { Recipe } from './worker';

export interface NewSubmission {
  accommodation_id: string;
  service: 'ntak' | 'viza';
  message_type: NtakMessageType;
  booking_id?: string | null;
  guest_checkin_id?: string | null;
  report_date?: string | null;
  event_key: string;
  payload: { recipe: Recipe };
}

export async function queue(rows: NewSubmission[]): Promise<number> {
  if (!rows.length) return 0;
  const d = await gql<{ insert_registry_submissions: { affected_rows: number } }>(
    admin,
    `mutation ($rows: [registry_submissions_insert_input!]!) {
      insert_registry_submissions(objects: $rows, on_conflict: {constraint: registry_submissions_event_key_key, update_columns: []}) { affected_rows }
    }`,
    { rows },
  );
  return d.insert_registry_submissions.affected_rows;
}

export async function accommodationOfBookedUnit(bookedUnitId: string): Promise<{ accommodationId: string; bookingId: string; skipNtak: boolean } | null> {
  const d = await gql<{ booked_units_by_pk: { booking: { id: string; accommodation: { id: string; skip_ntak: boolean } } } | null }>(
    admin,
    `query ($id: uuid!) { booked_units_by_pk(id: $id) { booking { id accommodation { id skip_ntak } } } }`,
    { id: bookedUnitId },
  );
  const b = d.booked_units_by_pk?.booking;
  return b ? { accommodationId: b.accommodation.id, bookingId: b.id, skipNtak: b.accommodation.skip_ntak } : null;
}

export async function skipNtak(accommodationId: string): Promise<boolean> {
  const d = await gql<{ accommodations_by_pk: { skip_ntak: boolean } | null }>(admin, `query ($id: uuid!) { accommodations_by_pk(id: $id) { skip_ntak } }`, { id: accommodationId });
  return d.accommodations_by_pk?.skip_ntak ?? true;
}

/** The reason code of an NTAK message waiting for a held reservation (functions/_registry/worker). */
export const HELD_REASON = 'reservation-held';

/**
 * A held booking's guests were entered (or it was cancelled while held): the NTAK messages that
 * waited for it (its guests' check-ins, check-outs and room changes, the accommodation's daily
 * closes) are queued again. They are due a minute later than the reservation queued by the same
 * change, which is delivered at once, so NTAK knows the reservation before the messages naming it
 * (a daily close still naming another held booking is blocked again).
 */
export async function releaseHeld(bookingId: string, accommodationId: string, dueAt: Date): Promise<number> {
  const d = await gql<{ update_registry_submissions: { affected_rows: number } }>(
    admin,
    `mutation ($b: uuid!, $a: uuid!, $at: timestamptz!, $held: String!) {
      update_registry_submissions(
        where: {status: {_eq: blocked}, service: {_eq: ntak}, reason: {_like: $held}, _or: [{booking_id: {_eq: $b}}, {accommodation_id: {_eq: $a}, message_type: {_eq: daily_close}}]},
        _set: {status: pending, next_attempt_at: $at, reason: null}
      ) { affected_rows }
    }`,
    { b: bookingId, a: accommodationId, at: dueAt.toISOString(), held: `${HELD_REASON}:%` },
  );
  return d.update_registry_submissions.affected_rows;
}
