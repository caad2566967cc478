// POST /v1/functions/journey/transfer: an airport transfer for the booking. For a departing flight
// the pickup is 3 hours before take-off (src/domain/journey transferPickup); for an arrival, at
// landing. Stored in transfer_orders (status new) and confirmed by e-mail in `locale` to the
// booking's own address (the order's e-mail is the driver's contact, never a recipient).
// 400 invalid-body/unknown-field with the field, date-outside-stay; 404; 403 not-open;
// 409 too-many-orders (10 per booking); 429.
import type { Request, Response } from 'express';
import { transferPickup } from '../../src/domain/journey/rules';
import { journeyTransferFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { openJourneyRequest } from '../_journey/guard';
import { confirmByMail, formatDate, isNearStay, label, MAX_ORDERS_PER_BOOKING } from '../_journey/orders';
import { fail } from '../_journey/respond';

const INSERT = `mutation JourneyTransfer($object: transfer_orders_insert_input!) { insert_transfer_orders_one(object: $object) { id } }`;

export default async function transfer(req: Request, res: Response): Promise<void> {
  const request = await openJourneyRequest(req, res, journeyTransferFunction);
  if (!request) return;
  const { body, booking } = request;
  if (!isNearStay(booking, body.date)) return fail(res, 400, 'date-outside-stay', 'The date must be within two days of the stay', 'date');
  if (booking.transfer_orders.length >= MAX_ORDERS_PER_BOOKING) return fail(res, 409, 'too-many-orders', `At most ${MAX_ORDERS_PER_BOOKING} transfer orders per booking`);
  const pickup = transferPickup(body.direction, body.date, body.flightTime);
  const object = {
    booking_id: booking.id,
    name: body.name,
    email: body.email,
    phone: body.phone,
    direction: body.direction,
    flight_number: body.flightNumber.replace(/\s+/g, '').toUpperCase(),
    date: body.date,
    landing_time: body.direction === 'arrival' ? body.flightTime : null,
    departure_time: body.direction === 'departure' ? body.flightTime : null,
    pickup_date: pickup.date,
    pickup_time: pickup.time,
    payment: body.payment,
    passengers: body.passengers,
    from_address: body.fromAddress,
    to_address: body.toAddress,
  };
  const answer = await graphql<{ insert_transfer_orders_one: { id: string } | null }>({ admin: true }, INSERT, { object });
  if (answer.errors.length || !answer.data?.insert_transfer_orders_one) throw new Error(`transfer order not saved: ${answer.errors[0]?.message ?? 'no row'}`);
  const locale = body.locale ?? (booking.language === 'hu' ? 'hu' : 'en');
  await confirmByMail('journey-transfer', locale, booking, {
    name: body.name,
    accommodation: booking.accommodation.name,
    flightNumber: object.flight_number,
    flightDate: formatDate(body.date, locale),
    flightTime: body.flightTime,
    pickupDate: formatDate(pickup.date, locale),
    pickupTime: pickup.time,
    fromAddress: body.fromAddress,
    toAddress: body.toAddress,
    passengers: String(body.passengers),
    payment: label(locale, 'payments', body.payment),
  });
  res.status(200).json({ id: answer.data.insert_transfer_orders_one.id, pickupDate: pickup.date, pickupTime: pickup.time });
}
