// Correcting a checked-in guest: the form's values from the stored row, the row's changed columns
// from the form, and the re-send of what NTAK or VIZA refused for the guest once it is saved.
import type { NhostClient } from '@nhost/nextjs';
import { budapestDateTime, budapestInstant } from '@/domain/dates';
import type { GuestForm } from '@/lib/functions/journey';
import { callRegistry, type ResendAnswer } from '@/features/registry/api';
import type { Values } from '../components/formKit';

export interface StoredGuest {
  first_name: string;
  last_name: string;
  birth_first_name?: string | null;
  birth_last_name?: string | null;
  mother_first_name?: string | null;
  mother_last_name?: string | null;
  dob: string;
  pob?: string | null;
  gender: string | null;
  nationality: string;
  country?: string | null;
  zip?: string | null;
  city?: string | null;
  address?: string | null;
  document_type: string;
  document_id: string;
  checkin_time: string;
  checkout_time: string;
}

const orNull = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);

/** The guest's columns as the form holds them; arrival and departure as Budapest wall-clock times. */
export function formValuesOf(g: StoredGuest, bookedUnitId: string): Values {
  return {
    bookedUnitId, firstName: g.first_name, lastName: g.last_name, birthFirstName: g.birth_first_name ?? '', birthLastName: g.birth_last_name ?? '',
    motherFirstName: g.mother_first_name ?? '', motherLastName: g.mother_last_name ?? '', dob: g.dob, pob: g.pob ?? '', gender: g.gender ?? '', nationality: g.nationality,
    country: g.country ?? '', zip: g.zip ?? '', city: g.city ?? '', address: g.address ?? '', documentType: g.document_type, documentId: g.document_id,
    arrivalTime: budapestDateTime(g.checkin_time).time, departureTime: budapestDateTime(g.checkout_time).time,
  };
}

/** The guest's own columns as the form holds them: shared by the desk check-in and the correction. */
export function guestColumns(form: GuestForm) {
  return {
    first_name: form.firstName, last_name: form.lastName, birth_first_name: orNull(form.birthFirstName), birth_last_name: orNull(form.birthLastName),
    mother_first_name: form.motherFirstName, mother_last_name: form.motherLastName, dob: form.dob, pob: form.pob, gender: form.gender, nationality: form.nationality,
    country: form.country, zip: orNull(form.zip), city: orNull(form.city), address: orNull(form.address), document_type: form.documentType,
    document_id: form.documentId.replace(/[\s-]/g, '').toUpperCase(),
  };
}

/** The corrected guest fields as a row update; the stay's days stay as stored, only the times change. */
export function correctionSet(g: StoredGuest, form: GuestForm): Record<string, string | null> {
  return {
    ...guestColumns(form),
    checkin_time: budapestInstant(budapestDateTime(g.checkin_time).date, form.arrivalTime), checkout_time: budapestInstant(budapestDateTime(g.checkout_time).date, form.departureTime),
  };
}

export interface ResendOutcome {
  accepted: number;
  /** Being delivered by another request or waiting for a retry (the queue sends it). */
  queued: number;
  /** The registry's reasons for what is still refused (or could not be re-sent). */
  refused: string[];
}

/**
 * Re-sends each refused submission once (the registry function builds it again from the corrected
 * row under the same message id, so NTAK and VIZA process it once whatever happens twice).
 */
export async function resendRefused(nhost: NhostClient, submissionIds: readonly string[]): Promise<ResendOutcome> {
  const out: ResendOutcome = { accepted: 0, queued: 0, refused: [] };
  for (const submissionId of submissionIds) {
    const answer = await callRegistry<ResendAnswer>(nhost, '/registry/resend', { submissionId });
    if (answer.ok && answer.data.status === 'success') out.accepted += 1;
    else if (!answer.ok && answer.code === 'already-sent') out.accepted += 1;
    else if (answer.ok && answer.data.status === 'pending') out.queued += 1;
    else out.refused.push(answer.ok ? (answer.data.reason ?? answer.data.status) : answer.message || answer.code);
  }
  return out;
}
