// The pricing engine: for a unit, a rate, the guests and a stay, the price of every night, the
// stay's restrictions and why it cannot be booked. Pure: the caller loads the rows (functions/quote
// with the admin secret, the calendar, a test) and passes them in; amounts are minor units (money.ts).
//
// One night of one rate, in this order (each step rounds half away from zero to minor units):
//   1. base: the night's own price (rate_dates.price) when set, otherwise
//      - a plain rate: the rate's price;
//      - a derived rate: its parent's *final* price of that night changed by the derivation
//        (signed percent or amount).
//      Decision: a per-date price beats the derivation, also on a derived rate. Beds24 and Hostaway
//      treat a price typed into the calendar as the price of that night; a derived rate with no
//      date price keeps following its parent.
//   2. the rate's standing modifiers (increase/decrease by amount or percent), never below zero;
//   3. the price rules assigned to the rate, highest priority first (see rules.ts compareRules),
//      every matching one compounding on the previous, never below zero;
//   4. clamped to the rate's min/max price. Decision: the bounds are hard, date prices included
//      (the calendar editor should warn when a typed price lies outside them), as Guesty and
//      PriceLabs treat min/max as guard rails for every automatic change.
// Without date prices and rules this is exactly ratePricing.resolveRate (tested).
//
// Restrictions of a stay [checkIn, checkOut):
//   - closed: a night is closed when the unit is closed that day (unit_dates.is_closed), the rate
//     is (rate_dates.is_closed) or, for a derived rate, any rate it derives from is. Decision: a
//     derived rate sells the same room, so it never stays open when its parent is closed (stop
//     sell flows down in Beds24 and Hostaway); only closed-to-arrival/departure are optional
//     inheritance, as the spec says.
//   - closed to arrival on the check-in date, closed to departure on the check-out date: the rate's
//     own flag, or its parent's effective flag when the rate inherits it (inheritance adds the
//     parent's restriction to the rate's own; it never lifts the rate's own).
//   - minimum stay on the arrival date (Airbnb, Booking.com's default, Hostaway): the larger of the
//     unit's (unit_dates.min_stay) and the rate's (rate_dates.min_stay, else rates.min_stay).
//   - maximum stay on the arrival date, likewise per night: the smaller of the unit's
//     (unit_dates.max_stay) and the rate's (rate_dates.max_stay, else rates.max_stay); none when
//     neither is set. Decision: a night's value replaces the rate's default rather than only
//     tightening it (as rate_dates.min_stay does), so a host can allow a long stay over a holiday;
//     the unit's value only ever tightens, as it applies to every rate of the unit.
//   - guests: adults + children within the rate's occupancy (infants do not count, as on Airbnb
//     and Booking.com), and adults, children, infants each within the unit's capacity (the same
//     rule as the booked_units_capacity_check trigger).
//   - nights already booked (when the caller passes them).
// A stay that breaks any of them still gets every night's price (the calendar and the booking
// editor show them); `bookable` is false and `reasons` lists each broken rule once.
import { touristTaxForStay, TouristTaxError, type TouristTaxRange, type TouristTaxResult } from '../touristTax';
import { divRound, percentToPpm, type Currency, type Minor } from '../money';
import type { Derivation, Modifier } from '../ratePricing';
import { dayInfos, isoFromDay, parseIsoDay, type DayInfo, type DayNumber } from './days';
import { addPpm, ppmOf, ppmShare } from './exact';
import { applyChange, compareRules, compileRule, validatePriceRule, type CompiledChange, type CompiledRule, type PriceRule, type RuleError, type StayContext } from './rules';

/** A rate as the engine needs it; amounts in minor units of `currency`. */
export interface PricingRate {
  id: string;
  name?: string;
  occupancy: number;
  currency: Currency;
  /** Own price; ignored for a derived rate (its price comes from the parent, or from a date price). */
  price: Minor;
  minPrice?: Minor | null;
  maxPrice?: Minor | null;
  minStay?: number;
  maxStay?: number | null;
  modifiers?: readonly Modifier[];
  derivation?: Derivation | null;
  /** Ids of the price rules assigned to this rate (price_rule_assignments). */
  ruleIds?: readonly string[];
}

/** rate_dates: what differs from the rate's defaults on a day. */
export interface RateDay {
  price?: Minor | null;
  closed?: boolean;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  minStay?: number | null;
  maxStay?: number | null;
}

/** unit_dates: the unit's own availability on a day. */
export interface UnitDay {
  closed?: boolean;
  minStay?: number | null;
  maxStay?: number | null;
}

export interface Capacity {
  adults: number;
  children: number;
  infants: number;
}

/** Everything the engine reads, keyed for lookups. Only the asked rate and its ancestors are needed. */
export interface PricingData {
  rates: ReadonlyMap<string, PricingRate>;
  /** By rate id, then YYYY-MM-DD. */
  rateDays?: ReadonlyMap<string, ReadonlyMap<string, RateDay>>;
  /** By YYYY-MM-DD. */
  unitDays?: ReadonlyMap<string, UnitDay>;
  rules?: ReadonlyMap<string, PriceRule>;
  capacity?: Capacity | null;
  /** Nights (YYYY-MM-DD) already taken by other stays. */
  bookedNights?: ReadonlySet<string>;
}

export type PricingErrorCode = 'unknownRate' | 'missingParent' | 'cycle' | 'currencyMismatch' | 'invalidStay' | 'missingExchangeRate' | 'amountTooLarge';

/**
 * Amounts are whole minor units in JavaScript numbers, exact only up to 2^53. Past it a product or
 * sum is silently rounded, so an amount that leaves the safe range is refused, never answered.
 */
function exact(amount: Minor, what: string): Minor {
  if (!Number.isSafeInteger(amount)) throw new PricingError('amountTooLarge', `${what} is too large to compute exactly`);
  return amount;
}

export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface Level {
  rate: PricingRate;
  days: ReadonlyMap<string, RateDay> | undefined;
  modifiers: CompiledChange[];
  derivation: CompiledChange | null;
  rules: CompiledRule[];
  min: Minor | null;
  max: Minor | null;
}

export interface RuleWarning {
  code: 'invalidRule';
  ruleId: string;
  errors: RuleError[];
}

/** A rate and its ancestors compiled for fast pricing: root first, the asked rate last. */
export interface RatePlan {
  rate: PricingRate;
  levels: Level[];
  unitDays: ReadonlyMap<string, UnitDay> | undefined;
  warnings: RuleWarning[];
}


/** Compiles the rate with its chain of parents; throws PricingError on a missing rate, a cycle or mixed currencies. */
export function compileRatePlan(data: PricingData, rateId: string): RatePlan {
  const chain: PricingRate[] = [];
  const seen = new Set<string>();
  let current = data.rates.get(rateId);
  if (!current) throw new PricingError('unknownRate', `unknown rate ${rateId}`);
  for (;;) {
    if (seen.has(current.id)) throw new PricingError('cycle', `rate ${current.id} derives from itself`);
    seen.add(current.id);
    chain.unshift(current);
    if (!current.derivation) break;
    const parent: PricingRate | undefined = data.rates.get(current.derivation.parentId);
    if (!parent) throw new PricingError('missingParent', `rate ${current.id} derives from a missing rate`);
    if (parent.currency !== current.currency) throw new PricingError('currencyMismatch', `rate ${current.id} (${current.currency}) derives from a ${parent.currency} rate`);
    current = parent;
  }
  const warnings: RuleWarning[] = [];
  const levels = chain.map((rate): Level => {
    if (rate.minPrice != null && rate.maxPrice != null && rate.minPrice > rate.maxPrice) throw new RangeError(`min price ${rate.minPrice} is above max price ${rate.maxPrice}`);
    const rules: CompiledRule[] = [];
    const stored = (rate.ruleIds ?? []).map((id) => data.rules?.get(id)).filter((r): r is PriceRule => !!r && r.isActive !== false);
    for (const rule of stored.sort(compareRules)) {
      const errors = validatePriceRule(rule);
      if (errors.length) warnings.push({ code: 'invalidRule', ruleId: rule.id, errors });
      else rules.push(compileRule(rule, rate.currency));
    }
    return {
      rate,
      days: data.rateDays?.get(rate.id),
      modifiers: (rate.modifiers ?? []).map((m) => {
        if (m.value < 0) throw new RangeError('modifier value must not be negative; use direction');
        const sign = m.direction === 'increase' ? 1 : -1;
        return m.kind === 'PERCENT' ? { percent: true, amount: sign * ppmOf(m.value) } : { percent: false, amount: sign * Math.round(m.value) };
      }),
      derivation: rate.derivation ? (rate.derivation.kind === 'PERCENT' ? { percent: true, amount: ppmOf(rate.derivation.change) } : { percent: false, amount: Math.round(rate.derivation.change) }) : null,
      rules,
      min: rate.minPrice ?? null,
      max: rate.maxPrice ?? null,
    };
  });
  return { rate: chain[chain.length - 1], levels, unitDays: data.unitDays, warnings };
}

/** A day's restrictions for the plan's rate. */
export interface DayRestrictions {
  closed: boolean;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /** Minimum stay for a stay arriving this day. */
  minStay: number;
  /** Maximum stay for a stay arriving this day; null when there is none. */
  maxStay: number | null;
}

/** Whether a night is closed: the unit, the rate, or any rate it derives from. */
export function isClosed(plan: RatePlan, iso: string): boolean {
  if (plan.unitDays?.get(iso)?.closed) return true;
  for (const level of plan.levels) if (level.days?.get(iso)?.closed) return true;
  return false;
}

/** A day's restrictions (closed, closed to arrival/departure, minimum stay from that arrival). */
export function dayRestrictions(plan: RatePlan, iso: string): DayRestrictions {
  const { levels } = plan;
  let closed = false;
  let cta = false;
  let ctd = false;
  for (const level of levels) {
    const day = level.days?.get(iso);
    const derivation = level.rate.derivation;
    if (day?.closed) closed = true;
    cta = (day?.closedToArrival ?? false) || (!!derivation?.inheritClosedToArrival && cta);
    ctd = (day?.closedToDeparture ?? false) || (!!derivation?.inheritClosedToDeparture && ctd);
  }
  const own = levels[levels.length - 1];
  const unitDay = plan.unitDays?.get(iso);
  if (unitDay?.closed) closed = true;
  const ownDay = own.days?.get(iso);
  const rateMinStay = ownDay?.minStay ?? own.rate.minStay ?? 1;
  return { closed, closedToArrival: cta, closedToDeparture: ctd, minStay: Math.max(rateMinStay, unitDay?.minStay ?? 1), maxStay: smallerOf(ownDay?.maxStay ?? own.rate.maxStay ?? null, unitDay?.maxStay ?? null) };
}

function smallerOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

/**
 * One night's price for the plan's rate (steps 1-4 above). When `applied` is given, the ids of
 * the asked rate's rules that changed the night are pushed to it, in the order applied.
 */
export function priceNight(plan: RatePlan, night: DayInfo, stay: StayContext, applied?: string[]): Minor {
  const { levels } = plan;
  let price = 0;
  const last = levels.length - 1;
  for (let i = 0; i <= last; i += 1) {
    const level = levels[i];
    const datePrice = level.days === undefined ? undefined : level.days.get(night.iso)?.price;
    let p: number;
    if (datePrice != null) p = datePrice;
    else if (level.derivation) p = applyChange(price, level.derivation);
    else p = level.rate.price;
    for (const m of level.modifiers) p = m.percent ? addPpm(p, m.amount) : p + m.amount;
    if (p < 0) p = 0;
    for (const rule of level.rules) {
      const change = rule.changeFor(night, stay);
      if (!change) continue;
      p = applyChange(p, change);
      if (p < 0) p = 0;
      if (applied && i === last) applied.push(rule.id);
    }
    if (level.min !== null && p < level.min) p = level.min;
    if (level.max !== null && p > level.max) p = level.max;
    price = p;
  }
  return price;
}

// ---------------------------------------------------------------------------------------------
// Stays

export interface StayRequest {
  rateId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children?: number;
  infants?: number;
  /** Today's date where the property is (YYYY-MM-DD), for days-before-arrival rules. */
  today: string;
}

/** An extra fee of the accommodation (table fees) the guest takes. */
export interface FeeRule {
  id: string;
  name: string;
  type: 'FIX' | 'PERCENT';
  /** FIX: minor units of `currency`. PERCENT: a percent of the accommodation fee. */
  value: number;
  currency: Currency;
  perNight: boolean;
  perGuest: boolean;
}

export interface QuoteExtras {
  fees?: readonly FeeRule[];
  taxRanges?: readonly TouristTaxRange[];
  /** HUF per 1 EUR, needed only when a fee or a FIX tax range is in the other currency. */
  eurHuf?: number;
}

export type UnbookableCode = 'closed' | 'booked' | 'closedToArrival' | 'closedToDeparture' | 'minStay' | 'maxStay' | 'occupancy' | 'capacity';

/** Why a stay cannot be booked: a code for machines, the values its message needs. */
export interface UnbookableReason {
  code: UnbookableCode;
  params: Record<string, string | number | string[]>;
}

export interface QuoteNight {
  date: string;
  price: Minor;
  ruleIds: string[];
}

export interface FeeLine {
  id: string;
  name: string;
  /** In the quote's currency. */
  amount: Minor;
}

export type QuoteWarning = RuleWarning | { code: 'touristTaxNeedsExchangeRate' };

export interface Quote {
  rateId: string;
  currency: Currency;
  checkIn: string;
  checkOut: string;
  nights: QuoteNight[];
  /** Sum of the nights: the accommodation fee. */
  accommodation: Minor;
  fees: FeeLine[];
  feesTotal: Minor;
  /** Null when the stay has no tax ranges to apply or the tax needs an exchange rate (see warnings). */
  touristTax: TouristTaxResult | null;
  /** What the guest pays: accommodation + fees + tourist tax charged on top (inclusive tax is already inside). */
  total: Minor;
  bookable: boolean;
  reasons: UnbookableReason[];
  warnings: QuoteWarning[];
}

function count(value: number | undefined, name: string): number {
  const n = value ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new PricingError('invalidStay', `${name} must be a whole number ≥ 0`);
  return n;
}

/** Converts an amount between EUR and HUF (rate: HUF per EUR), rounding half away from zero. */
export function convert(amount: Minor, from: Currency, to: Currency, eurHuf?: number): Minor {
  if (from === to) return amount;
  if (!eurHuf || !(eurHuf > 0)) throw new PricingError('missingExchangeRate', `a ${from} amount needs an EUR/HUF rate in a ${to} quote`);
  const rate = percentToPpm(eurHuf); // HUF per EUR × 10 000
  const value = BigInt(amount);
  // EUR cents → HUF: cents / 100 × rate. HUF → EUR cents: forints × 100 / rate.
  return Number(from === 'EUR' ? divRound(value * rate, 100n * 10_000n) : divRound(value * 100n * 10_000n, rate));
}

/**
 * A fee's amount. Decisions (the spec is silent; Guesty and Hostaway do the same): FIX is per stay,
 * times the nights when per night, times the guests (adults + children; infants free) when per
 * guest. PERCENT is a percent of the accommodation fee, which already grows with nights and
 * guests, so the per-night/per-guest flags do not multiply it again.
 */
export function feeAmount(fee: FeeRule, stay: { nights: number; guests: number; accommodation: Minor; currency: Currency }, eurHuf?: number): Minor {
  if (fee.type === 'PERCENT') return ppmShare(stay.accommodation, ppmOf(fee.value));
  const times = (fee.perNight ? stay.nights : 1) * (fee.perGuest ? stay.guests : 1);
  return exact(convert(exact(Math.round(fee.value) * times, 'a fee'), fee.currency, stay.currency, eurHuf), 'a fee');
}

/** The price of a stay with its nights, fees, tourist tax and whether (and why not) it can be booked. */
export function quoteStay(data: PricingData, request: StayRequest, extras: QuoteExtras = {}): Quote {
  const from = parseIsoDay(request.checkIn);
  const to = parseIsoDay(request.checkOut);
  const today = parseIsoDay(request.today);
  if (from === null || to === null || today === null || to <= from) throw new PricingError('invalidStay', 'check-out must be a date after check-in');
  const adults = count(request.adults, 'adults');
  const children = count(request.children, 'children');
  const infants = count(request.infants, 'infants');
  const plan = compileRatePlan(data, request.rateId);
  const { rate } = plan;
  const stay: StayContext = { nights: to - from, leadDays: from - today, guests: adults + children };

  const days = dayInfos(from, to);
  const nights: QuoteNight[] = new Array(stay.nights);
  const closedDates: string[] = [];
  const bookedDates: string[] = [];
  let accommodation = 0;
  for (let i = 0; i < stay.nights; i += 1) {
    const night = days[i];
    const ruleIds: string[] = [];
    const price = priceNight(plan, night, stay, ruleIds);
    nights[i] = { date: night.iso, price, ruleIds };
    accommodation = exact(accommodation + price, 'the accommodation fee');
    if (isClosed(plan, night.iso)) closedDates.push(night.iso);
    if (data.bookedNights?.has(night.iso)) bookedDates.push(night.iso);
  }
  const arrival = dayRestrictions(plan, request.checkIn);
  const departure = dayRestrictions(plan, request.checkOut);

  const reasons: UnbookableReason[] = [];
  const cap = data.capacity;
  if (cap && (adults > cap.adults || children > cap.children || infants > cap.infants)) reasons.push({ code: 'capacity', params: { adults: cap.adults, children: cap.children, infants: cap.infants } });
  if (stay.guests > rate.occupancy) reasons.push({ code: 'occupancy', params: { occupancy: rate.occupancy, guests: stay.guests } });
  if (closedDates.length) reasons.push({ code: 'closed', params: { dates: closedDates } });
  if (bookedDates.length) reasons.push({ code: 'booked', params: { dates: bookedDates } });
  if (arrival.closedToArrival) reasons.push({ code: 'closedToArrival', params: { date: request.checkIn } });
  if (departure.closedToDeparture) reasons.push({ code: 'closedToDeparture', params: { date: request.checkOut } });
  if (stay.nights < arrival.minStay) reasons.push({ code: 'minStay', params: { minStay: arrival.minStay, nights: stay.nights } });
  if (arrival.maxStay !== null && stay.nights > arrival.maxStay) reasons.push({ code: 'maxStay', params: { maxStay: arrival.maxStay, nights: stay.nights } });

  const warnings: QuoteWarning[] = [...plan.warnings];
  const fees = (extras.fees ?? []).map((fee) => ({ id: fee.id, name: fee.name, amount: feeAmount(fee, { nights: stay.nights, guests: stay.guests, accommodation, currency: rate.currency }, extras.eurHuf) }));
  const feesTotal = fees.reduce((sum, f) => exact(sum + f.amount, 'the fees'), 0);
  let touristTax: TouristTaxResult | null = null;
  if (extras.taxRanges?.length) {
    try {
      touristTax = touristTaxForStay({ checkIn: request.checkIn, checkOut: request.checkOut, adults, children, infants, accommodationFee: accommodation, currency: rate.currency }, extras.taxRanges, { eurHuf: extras.eurHuf });
    } catch (e) {
      if (!(e instanceof TouristTaxError && e.code === 'missingExchangeRate')) throw e;
      warnings.push({ code: 'touristTaxNeedsExchangeRate' });
    }
  }
  return {
    rateId: rate.id,
    currency: rate.currency,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    nights,
    accommodation,
    fees,
    feesTotal,
    touristTax,
    total: exact(accommodation + feesTotal + (touristTax?.addedToFee ?? 0), 'the total'),
    bookable: reasons.length === 0,
    reasons,
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar

export interface CalendarRequest {
  rateId: string;
  /** First day shown, and the day after the last (like a check-out date). */
  from: string;
  to: string;
  today: string;
  /** Guests the prices are for; default the rate's occupancy. */
  guests?: number;
  /** Length of stay the prices are for; default each day's minimum stay. */
  nights?: number;
}

export interface CalendarDay extends DayRestrictions {
  date: string;
  price: Minor;
  booked: boolean;
}

/**
 * A rate's nightly prices and restrictions over a range, for the calendar. Each day is priced as
 * the first night of a stay arriving that day (days before arrival count from today) for the
 * given length of stay, by default the shortest stay allowed to start that day — so a cell shows
 * the nightly price of the shortest bookable stay starting there, length-of-stay rules included
 * (Guesty's and Hostaway's calendars likewise show the nightly price at the minimum stay).
 */
export function priceCalendar(data: PricingData, request: CalendarRequest): CalendarDay[] {
  const from = parseIsoDay(request.from);
  const to = parseIsoDay(request.to);
  const today = parseIsoDay(request.today);
  if (from === null || to === null || today === null || to <= from) throw new PricingError('invalidStay', 'the range must end after it starts');
  const plan = compileRatePlan(data, request.rateId);
  const guests = request.guests ?? plan.rate.occupancy;
  const out: CalendarDay[] = new Array(to - from);
  const days = dayInfos(from, to);
  const stay: StayContext = { nights: 1, leadDays: 0, guests };
  for (let i = 0; i < days.length; i += 1) {
    const night = days[i];
    const r = dayRestrictions(plan, night.iso);
    stay.nights = request.nights ?? r.minStay;
    stay.leadDays = night.day - today;
    out[i] = { date: night.iso, price: priceNight(plan, night, stay), booked: data.bookedNights?.has(night.iso) ?? false, closed: r.closed, closedToArrival: r.closedToArrival, closedToDeparture: r.closedToDeparture, minStay: r.minStay, maxStay: r.maxStay };
  }
  return out;
}

/** The nights (YYYY-MM-DD) of stays [checkin, checkout) that fall in [from, to). */
export function bookedNightsOf(stays: readonly { checkin: string; checkout: string }[], from: string, to: string): Set<string> {
  const lo: DayNumber = parseIsoDay(from) ?? 0;
  const hi: DayNumber = parseIsoDay(to) ?? 0;
  const out = new Set<string>();
  for (const s of stays) {
    const a = Math.max(parseIsoDay(s.checkin) ?? hi, lo);
    const b = Math.min(parseIsoDay(s.checkout) ?? lo, hi);
    for (let d = a; d < b; d += 1) out.add(isoFromDay(d));
  }
  return out;
}
