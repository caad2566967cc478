// POST /v1/functions/journey/invoice {journeyId, name, country, zip, city, address, taxId?}: the
// booking's invoice details (one row per booking; sending again replaces them).
// 400 invalid-body/unknown-field with the field, 404 not-found, 403 not-open, 429.
import type { Request, Response } from 'express';
import { journeyInvoiceFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { openJourneyRequest } from '../_journey/guard';

const UPSERT = `mutation JourneyInvoice($object: invoice_details_insert_input!) {
  insert_invoice_details_one(object: $object, on_conflict: {constraint: invoice_details_booking_id_key, update_columns: [name, country, zip, city, address, tax_id]}) { id }
}`;

export default async function invoice(req: Request, res: Response): Promise<void> {
  const request = await openJourneyRequest(req, res, journeyInvoiceFunction);
  if (!request) return;
  const { body, booking } = request;
  const object = { booking_id: booking.id, name: body.name, country: body.country, zip: body.zip, city: body.city, address: body.address, tax_id: body.taxId?.trim() || null };
  const answer = await graphql<{ insert_invoice_details_one: { id: string } | null }>({ admin: true }, UPSERT, { object });
  if (answer.errors.length || !answer.data?.insert_invoice_details_one) throw new Error(`invoice details not saved: ${answer.errors[0]?.message ?? 'no row'}`);
  res.status(200).json({ ok: true });
}
