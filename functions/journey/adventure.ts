// POST /v1/functions/journey/adventure: an outdoor adventure for the booking, stored in
// adventure_orders (status new) and confirmed to the guest by e-mail in `locale`.
// 400 invalid-body/unknown-field with the field, date-outside-stay; 404; 403 not-open; 429.
import type { Request, Response } from 'express';
import { journeyAdventureFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { openJourneyRequest } from '../_journey/guard';
import { confirmByMail, formatDate, isNearStay, label } from '../_journey/orders';
import { fail } from '../_journey/respond';

const INSERT = `mutation JourneyAdventure($object: adventure_orders_insert_input!) { insert_adventure_orders_one(object: $object) { id } }`;

export default async function adventure(req: Request, res: Response): Promise<void> {
  const request = await openJourneyRequest(req, res, journeyAdventureFunction);
  if (!request) return;
  const { body, booking } = request;
  if (!isNearStay(booking, body.date)) return fail(res, 400, 'date-outside-stay', 'The date must be within two days of the stay', 'date');
  const object = { booking_id: booking.id, name: body.name, email: body.email, phone: body.phone, date: body.date, adventure_type: body.adventureType, guests: body.guests, message: body.message?.trim() || null };
  const answer = await graphql<{ insert_adventure_orders_one: { id: string } | null }>({ admin: true }, INSERT, { object });
  if (answer.errors.length || !answer.data?.insert_adventure_orders_one) throw new Error(`adventure order not saved: ${answer.errors[0]?.message ?? 'no row'}`);
  const locale = body.locale ?? (booking.language === 'hu' ? 'hu' : 'en');
  await confirmByMail('journey-adventure', locale, body.email, {
    name: body.name,
    accommodation: booking.accommodation.name,
    adventure: label(locale, 'adventures', body.adventureType),
    date: formatDate(body.date, locale),
    guests: String(body.guests),
    message: object.message ?? '',
  });
  res.status(200).json({ id: answer.data.insert_adventure_orders_one.id });
}
