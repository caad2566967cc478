// POST /v1/functions/quote (functions/quote.ts): what a stay costs and whether it can be booked.
// The contract the calendar, the booking editor and the guest journey call it through.
import * as yup from 'yup';
import { defineFunction, type RequestOf, type ResponseOf } from './contract';

/** Any UUID Postgres takes (not only versions 1-5, as yup's uuid() wants). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = () => yup.string().matches(UUID, '${path} must be a UUID').required();
const day = () => yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, '${path} must be a date YYYY-MM-DD').required();
const guests = () => yup.number().integer().min(0).max(50);
const money = () => yup.number().required();
/** The function's 400 code for a field that fails (contract.ts ErrorCodes). */
const code = (error: string, more: Record<string, string> = {}) => ({ errors: { default: error, ...more } });

// The request as the function checks it first (functions/quote.ts; real calendar days, their
// order, the stay's length and Accept-Language come after, in functions/_pricing/input.ts).
export const quoteFunction = defineFunction(
  '/quote',
  yup.object({
    unitId: uuid().meta(code('invalid-uuid')),
    rateId: uuid().meta(code('invalid-uuid')),
    checkIn: day().meta(code('invalid-date')),
    checkOut: day().meta(code('invalid-date')),
    adults: guests().min(1).required().meta(code('invalid-guests')),
    children: guests().optional().meta(code('invalid-guests')),
    infants: guests().optional().meta(code('invalid-guests')),
    fees: yup.array(yup.string().matches(UUID, 'fees must be a list of fee ids').required()).max(20).optional().meta(code('invalid-uuid', { max: 'too-many-fees' })),
    excludeBookingId: yup.string().matches(UUID, '${path} must be a UUID').nullable().optional().meta(code('invalid-uuid')),
    locale: yup.mixed<'en' | 'hu'>().oneOf(['en', 'hu']).optional().meta(code('invalid-locale')),
  }),
  yup.object({
    unitId: uuid(),
    rateId: uuid(),
    currency: yup.mixed<'EUR' | 'HUF'>().oneOf(['EUR', 'HUF']).required(),
    checkIn: day(),
    checkOut: day(),
    today: day(),
    nights: yup.array(yup.object({ date: day(), price: money(), ruleIds: yup.array(yup.string().required()).required() })).required(),
    accommodation: money(),
    fees: yup.array(yup.object({ id: yup.string().required(), name: yup.string().required(), amount: money() })).required(),
    feesTotal: money(),
    touristTax: yup.object({ total: money(), includedInFee: money(), addedToFee: money() }).nullable().defined(),
    total: money(),
    bookable: yup.boolean().required(),
    reasons: yup
      .array(yup.object({ code: yup.string().required(), params: yup.object().required(), messageKey: yup.string().required(), message: yup.string().required() }))
      .required(),
    warnings: yup.array().required(),
  }),
);

export type QuoteRequest = RequestOf<typeof quoteFunction>;
export type QuoteResponse = ResponseOf<typeof quoteFunction>;
