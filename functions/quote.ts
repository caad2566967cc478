// POST /v1/functions/quote: what a stay costs, night by night, and whether (and why not) it can
// be booked — the one answer the calendar, the booking editor and the guest journey all use. The
// numbers come from src/domain/pricing only; nothing here or in SQL prices anything.
//
// Body: {unitId, rateId, checkIn, checkOut, adults, children?, infants?, fees?: [feeId],
//        excludeBookingId?, locale?: "en" | "hu"} (locale also from Accept-Language).
// 200:  {unitId, rateId, currency, checkIn, checkOut, today, nights: [{date, price, ruleIds}],
//        accommodation, fees: [{id, name, amount}], feesTotal, touristTax: {total, includedInFee,
//        addedToFee} | null, total, bookable, reasons: [{code, params, messageKey, message}], warnings}
//        Amounts are decimals in the rate's currency, as the database keeps them (85.5 = 85.50 EUR).
// 400:  {status, error, field?, message}: invalid-body, unknown-field, invalid-uuid, invalid-date,
//        dates-out-of-order, stay-too-long (> 366 nights), invalid-guests, too-many-fees,
//        invalid-locale, unknown-unit, unknown-rate, unknown-fee.
// 401 unauthorized (no, forged or expired token), 403 forbidden (a role that cannot read rates),
// 405 method-not-allowed, 422 rate-misconfigured / fee-needs-exchange-rate / amount-too-large (an
// amount past 2^53 minor units, which a number cannot hold exactly).
//
// Decision: a function, not a Hasura Action. The engine is TypeScript, so an Action would only
// be a GraphQL wrapper around this same handler; the function runs unchanged on Nhost Cloud and
// the embedded backend (which has no Actions), answers with HTTP status codes the spec's Functions
// service already uses, and the guest journey's functions can call the same loader and engine.
//
// Who may quote: a signed-in caller whose own token can read the unit and the rate (checked by
// asking the GraphQL engine with their Authorization header, so the metadata permissions decide):
// admins, communicators and members any unit, managers the units they manage, owners their own.
// The guest journey will quote through its own function, by journey id (never a token).
import type { Request, Response } from 'express';
import { fromMinor, type Currency } from '../src/domain/money';
import { PricingError, quoteStay, reasonKey } from '../src/domain/pricing';
import { feeFromRow, pricingDataFromRows, taxRangeFromRow } from '../src/domain/pricing/rows';
import { checkRequest } from '../src/lib/functions/contract';
import { quoteFunction } from '../src/lib/functions/quote';
import { parseQuoteInput } from './_pricing/input';
import { checkAccess, loadQuoteRows } from './_pricing/load';
import { reasonMessage } from './_pricing/messages';

/** Today's date where the properties are (Budapest), for days-before-arrival rules. */
export function todayInBudapest(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function fail(res: Response, status: number, error: string, message: string, field?: string): void {
  res.status(status).json({ status, error, message, ...(field ? { field } : {}) });
}

/** An EUR/HUF rate for fees or fixed taxes in the other currency, when the deployment sets one. */
function eurHuf(): number | undefined {
  const value = Number(process.env.STAYDESK_EUR_HUF);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export default async function quote(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') return fail(res, 405, 'method-not-allowed', 'Use POST');
  const authorization = req.header('authorization');
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization.trim())) return fail(res, 401, 'unauthorized', 'Sign in first: send the access token as Authorization: Bearer <token>');

  // The shared contract first (src/lib/functions/quote.ts, what the web app checks before sending),
  // then what it cannot say: real calendar days, their order, the stay's length, Accept-Language.
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(res, 400, 'invalid-body', 'Send a JSON object (content-type: application/json)');
  const checked = checkRequest(quoteFunction, body);
  if (!checked.ok) return fail(res, 400, checked.error.code ?? checked.error.error, checked.error.message, checked.error.field);
  const parsed = parseQuoteInput(body, req.header('accept-language'));
  if (!parsed.ok) return fail(res, 400, parsed.error.code, parsed.error.message, parsed.error.field);
  const input = parsed.input;

  const access = await checkAccess({ authorization, role: req.header('x-hasura-role') }, input);
  if (access === 'unauthorized') return fail(res, 401, 'unauthorized', 'The access token is invalid or expired');
  if (access === 'forbidden') return fail(res, 403, 'forbidden', 'Your role cannot read rates');
  if (access === 'unknown-unit') return fail(res, 400, 'unknown-unit', 'No such unit', 'unitId');
  if (access === 'unknown-rate') return fail(res, 400, 'unknown-rate', 'No such rate for this unit', 'rateId');

  const rows = await loadQuoteRows(input);
  if (!rows) return fail(res, 400, 'unknown-unit', 'No such unit', 'unitId');
  if (rows.fees.length !== input.fees.length) return fail(res, 400, 'unknown-fee', 'A fee is not one of this accommodation', 'fees');

  const data = pricingDataFromRows({ unit: rows.unit, rates: rows.rates, stays: rows.stays, from: input.checkIn, to: input.checkOut });
  const today = todayInBudapest();
  let result;
  try {
    result = quoteStay(
      data,
      { rateId: input.rateId, checkIn: input.checkIn, checkOut: input.checkOut, adults: input.adults, children: input.children, infants: input.infants, today },
      { fees: rows.fees.map(feeFromRow), taxRanges: rows.taxRanges.map(taxRangeFromRow), eurHuf: eurHuf() },
    );
  } catch (e) {
    if (!(e instanceof PricingError)) throw e;
    if (e.code === 'amountTooLarge') return fail(res, 422, 'amount-too-large', 'The amounts of this stay are too large to compute exactly', 'fees');
    if (e.code === 'missingExchangeRate') return fail(res, 422, 'fee-needs-exchange-rate', 'A fee is in another currency than the rate and no EUR/HUF rate is configured', 'fees');
    return fail(res, 422, 'rate-misconfigured', `The rate cannot be priced (${e.code}): ${e.message}`, 'rateId');
  }
  const money = (minor: number) => fromMinor(minor, result.currency as Currency);
  res.status(200).json({
    unitId: input.unitId,
    rateId: result.rateId,
    currency: result.currency,
    checkIn: result.checkIn,
    checkOut: result.checkOut,
    today,
    nights: result.nights.map((n) => ({ date: n.date, price: money(n.price), ruleIds: n.ruleIds })),
    accommodation: money(result.accommodation),
    fees: result.fees.map((f) => ({ id: f.id, name: f.name, amount: money(f.amount) })),
    feesTotal: money(result.feesTotal),
    touristTax: result.touristTax && { total: money(result.touristTax.total), includedInFee: money(result.touristTax.includedInFee), addedToFee: money(result.touristTax.addedToFee) },
    total: money(result.total),
    bookable: result.bookable,
    reasons: result.reasons.map((r) => ({ code: r.code, params: r.params, messageKey: reasonKey(r.code), message: reasonMessage(r, input.locale) })),
    warnings: result.warnings,
  });
}
