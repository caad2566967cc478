// POST /v1/functions/journey/checkin {journeyId, bookedUnitId, guest, scanned?}: checks one guest in
// to a unit of the booking (the data VIZA and NTAK need). `scanned` is what the document reader
// returned for this guest (fields only; no image exists anywhere to store), with journey/scan's seal
// over them for this journey: without a matching seal it is refused (400, field scanned).
// 400 invalid-body/unknown-field (with the field), unknown-unit, dob-future, times-order;
// 404 not-found; 403 not-open; 409 already-checked-in ('Guest already checked in'),
// capacity ('capacity reached for booked guests'); 500 checkin-failed ('Error during checkin').
import type { Request, Response } from 'express';
import { journeyCheckinFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { scanSealValid } from '../_journey/attest';
import { openJourneyRequest } from '../_journey/guard';
import { fail } from '../_journey/respond';
import { budapestInstant, todayInBudapest } from '../_journey/time';

const INSERT = `mutation JourneyCheckin($object: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $object) { id } }`;

const normaliseDocument = (id: string) => id.replace(/[\s-]+/g, '').toUpperCase();
const orNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

export default async function checkin(req: Request, res: Response): Promise<void> {
  const request = await openJourneyRequest(req, res, journeyCheckinFunction);
  if (!request) return;
  const { body, booking } = request;
  const unit = booking.booked_units.find((u) => u.id === body.bookedUnitId);
  if (!unit) return fail(res, 400, 'unknown-unit', 'This unit is not part of the booking', 'bookedUnitId');
  const { seal, ...scanned } = body.scanned ?? {};
  if (body.scanned && !scanSealValid(body.journeyId, body.scanned, seal)) return fail(res, 400, 'invalid-body', 'scanned is not what journey/scan read for this journey', 'scanned');
  const g = body.guest;
  if (g.dob > todayInBudapest() || g.dob <= '1900-01-01') return fail(res, 400, 'dob-future', 'The date of birth must be after 1900 and not in the future', 'guest.dob');
  const checkinTime = budapestInstant(unit.checkin, g.arrivalTime);
  const checkoutTime = budapestInstant(unit.checkout, g.departureTime);
  if (new Date(checkoutTime) <= new Date(checkinTime)) return fail(res, 400, 'times-order', 'Departure must be after arrival', 'guest.departureTime');
  const documentId = normaliseDocument(g.documentId);
  if (booking.booked_units.some((u) => u.guest_checkins.some((c) => normaliseDocument(c.document_id) === documentId))) {
    return fail(res, 409, 'already-checked-in', 'Guest already checked in', 'guest.documentId');
  }
  const object = {
    booking_unit_id: unit.id,
    first_name: g.firstName,
    last_name: g.lastName,
    birth_first_name: orNull(g.birthFirstName),
    birth_last_name: orNull(g.birthLastName),
    mother_first_name: g.motherFirstName,
    mother_last_name: g.motherLastName,
    dob: g.dob,
    pob: g.pob,
    gender: g.gender,
    nationality: g.nationality,
    country: g.country,
    zip: orNull(g.zip),
    city: orNull(g.city),
    address: orNull(g.address),
    document_type: g.documentType,
    document_id: documentId,
    email: orNull(g.email),
    phone: orNull(g.phone),
    checkin_time: checkinTime,
    checkout_time: checkoutTime,
    scanned: body.scanned ? scanned : null,
  };
  const answer = await graphql<{ insert_guest_checkins_one: { id: string } | null }>({ admin: true }, INSERT, { object });
  const error = answer.errors[0]?.message ?? '';
  if (/guest_checkins_booking_unit_id_document_id_key/.test(error)) return fail(res, 409, 'already-checked-in', 'Guest already checked in', 'guest.documentId');
  if (/guest_checkins_capacity_check|capacity reached for booked guests/.test(error)) return fail(res, 409, 'capacity', 'capacity reached for booked guests');
  if (error || !answer.data?.insert_guest_checkins_one) {
    // The database's reason stays in the log; the guest gets the spec's message.
    console.error(`journey/checkin: insert failed: ${error.slice(0, 300)}`);
    return fail(res, 500, 'checkin-failed', 'Error during checkin');
  }
  res.status(200).json({ id: answer.data.insert_guest_checkins_one.id });
}
