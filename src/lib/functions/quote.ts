// POST /v1/functions/quote (functions/quote.ts): what a stay costs and whether it can be booked.
// The contract the calendar, the booking editor and the guest journey call it through.
import * as yup from 'yup';
import { defineFunction, type RequestOf, type ResponseOf } from './contract';

const uuid = () => yup.string().uuid().required();
const day = () => yup.string().matches(/^\d{4}-\d{2}-\d{2}$/).required();
const guests = () => yup.number().integer().min(0).max(50);
const money = () => yup.number().required();

export const quoteFunction = defineFunction(
  '/quote',
  yup.object({
    unitId: uuid(),
    rateId: uuid(),
    checkIn: day(),
    checkOut: day(),
    adults: guests().min(1).required(),
    children: guests().optional(),
    infants: guests().optional(),
    fees: yup.array(yup.string().uuid().required()).max(20).optional(),
    excludeBookingId: yup.string().uuid().nullable().optional(),
    locale: yup.mixed<'en' | 'hu'>().oneOf(['en', 'hu']).optional(),
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
