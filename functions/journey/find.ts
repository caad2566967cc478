// POST /v1/functions/journey/find {query, checkin}: the journey id of the booking whose guest
// e-mail (case-insensitive) or OTA code matches `query` and whose check-in day is `checkin`.
// Anything else is one answer, 404 "Can't find booking with the provided information", so the
// form tells nothing about which part was wrong. 10 attempts per address per 10 minutes (429).
import type { Request, Response } from 'express';
import { checkRequest } from '../../src/lib/functions/contract';
import { journeyFindFunction } from '../../src/lib/functions/journey';
import { graphql } from '../_pricing/graphql';
import { allow } from '../_journey/rateLimit';
import { clientAddress, fail, failInvalid, requirePost } from '../_journey/respond';

const QUERY = `query FindJourney($checkin: date!, $email: String!, $code: String!) {
  bookings(where: {checkin: {_eq: $checkin}, status: {_neq: cancelled}, _or: [{customer_email: {_ilike: $email}}, {ota_code: {_eq: $code}}]}, limit: 2) { journey_id }
}`;

/** `_ilike` treats % and _ as wildcards: escape them so the e-mail matches only itself. */
const likeExact = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export default async function find(req: Request, res: Response): Promise<void> {
  if (!requirePost(req, res)) return;
  if (!allow('find', clientAddress(req))) return fail(res, 429, 'too-many-attempts', 'Too many attempts; wait a few minutes');
  const checked = checkRequest(journeyFindFunction, req.body);
  if (!checked.ok) return failInvalid(res, checked.error);
  const query = checked.value.query.trim();
  const answer = await graphql<{ bookings: { journey_id: string }[] }>({ admin: true }, QUERY, { checkin: checked.value.checkin, email: likeExact(query), code: query });
  if (answer.errors.length) throw new Error(`find booking failed: ${answer.errors[0].message}`);
  const found = answer.data?.bookings ?? [];
  // Two bookings on the same day for the same address: do not pick one at random.
  if (found.length !== 1) return fail(res, 404, 'not-found', "Can't find booking with the provided information");
  res.status(200).json({ journeyId: found[0].journey_id });
}
