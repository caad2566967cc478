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
