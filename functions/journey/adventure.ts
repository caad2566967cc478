// POST /v1/functions/journey/adventure: an outdoor adventure for the booking, stored in
// adventure_orders (status new) and confirmed by e-mail in `locale` to the booking's own address
// (the message stays with the order for the staff; it is not repeated in the e-mail).
// 400 invalid-body/unknown-field with the field, date-outside-stay; 404; 403 not-open;
// 409 too-many-orders (10 per booking); 429.
import type { Request, Response } from 'express';
import { journeyAdventureFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { openJourneyRequest } from '../_journey/guard';
import { confirmByMail, formatDate, isNearStay, label, MAX_ORDERS_PER_BOOKING } from '../_journey/orders';
import { fail } from '../_journey/respond';

const INSERT = `mutation JourneyAdventure($object: adventure_orders_insert_input!) { insert_adventure_orders_one(object: $object) { id } }`;

export default async function adventure(req: Request, res: Response): Promise<void> {
  const request = await openJourneyRequest(req, res, journeyAdventureFunction);
  if (!request) return;
  const { body, booking } = request;
  if (!isNearStay(booking, body.date)) return fail(res, 400, 'date-outside-stay', 'The date must be within two days of the stay', 'date');
  if (booking.adventure_orders.length >= MAX_ORDERS_PER_BOOKING) return fail(res, 409, 'too-many-orders', `At most ${MAX_ORDERS_PER_BOOKING} adventure orders per booking`);
  const object = { booking_id: booking.id, name: body.name, email: body.email, phone: body.phone, date: body.date, adventure_type: body.adventureType, guests: body.guests, message: body.message?.trim() || null };
  const answer = await graphql<{ insert_adventure_orders_one: { id: string } | null }>({ admin: true }, INSERT, { object });
  if (answer.errors.length || !answer.data?.insert_adventure_orders_one) throw new Error(`adventure order not saved: ${answer.errors[0]?.message ?? 'no row'}`);
  const locale = body.locale ?? (booking.language === 'hu' ? 'hu' : 'en');
  await confirmByMail('journey-adventure', locale, booking, {
    name: body.name,
    accommodation: booking.accommodation.name,
    adventure: label(locale, 'adventures', body.adventureType),
    date: formatDate(body.date, locale),
    guests: String(body.guests),
  });
  res.status(200).json({ id: answer.data.insert_adventure_orders_one.id });
}
