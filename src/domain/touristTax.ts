// Tourist tax (IFA) for a stay, across the accommodation's tax ranges. Hungarian law lets a
// municipality charge either a fixed HUF amount per guest-night or 4% of the accommodation fee
// (Budapest's case); guests under 18 are exempt by law, so ranges exempt minors unless told not to.
import { type Currency, type Minor, divRound, percentToPpm, PPM_100_PERCENT } from './money';
import { nightsOf, isIsoDate } from './dates';

export type TaxType = 'FIX' | 'PERCENT';

/** One tourist-tax range as configured on the accommodation's taxes tab. */
export interface TouristTaxRange {
  id: string;
  type: TaxType;
  /** FIX: the currency of `value`. PERCENT: informational; the tax is in the fee's currency. */
  currency: Currency;
  /** True when the accommodation fee already contains the tax; false when it is added on top. */
  inclusive: boolean;
  /** FIX: minor units per taxable guest per night. PERCENT: a percentage, e.g. 4. */
  value: number;
  /** First night the range applies to (inclusive); null = since always. */
  validFrom: string | null;
  /** Last night the range applies to (inclusive); null = open-ended. */
  validTo: string | null;
  /** Only the first N nights of a stay are taxed under this range; null = no cap. */
  maxNights: number | null;
  /** Guests under 18 (children and infants) pay no tax. Defaults to true (the Hungarian rule). */
  exemptMinors?: boolean;
  /** The tax is issued with the cleaning (invoicing concern only; no effect on the amount). */
  issueOnCleaning?: boolean;
}

export interface Stay {
  checkIn: string;
  checkOut: string;
  /** Guests aged 18 or over. */
  adults: number;
  /** Children and infants are the booking's under-18 guests. */
  children: number;
  infants: number;
  /** Adults exempt for another legal reason (local work or study, in-patients, ...). */
  otherExemptAdults?: number;
  /** The accommodation fee for the whole stay, in minor units of `currency`. */
  accommodationFee: Minor;
  currency: Currency;
}

/** EUR→HUF rate (HUF per 1 EUR), needed only when a FIX range's currency differs from the fee's. */
export interface TaxOptions {
  eurHuf?: number;
}

export interface TaxSegment {
  rangeId: string;
  /** First taxed night, and the day after the last one (like a check-out date). */
  from: string;
  to: string;
  nights: number;
  taxableGuests: number;
  inclusive: boolean;
  amount: Minor;
}

export type UntaxedReason = 'noRange' | 'maxNights' | 'noTaxableGuests';

export interface TouristTaxResult {
  currency: Currency;
  total: Minor;
  /** Part of the total already inside the accommodation fee (inclusive ranges). */
  includedInFee: Minor;
  /** Part of the total charged on top of the fee (exclusive ranges). */
  addedToFee: Minor;
  /** The accommodation fee without any tax in it. */
  netAccommodationFee: Minor;
  /** What the guest pays for accommodation and tax together. */
  guestPays: Minor;
  segments: TaxSegment[];
  untaxedNights: { date: string; reason: UntaxedReason }[];
}

export class TouristTaxError extends Error {
  constructor(
    readonly code: 'invalidStay' | 'missingExchangeRate',
    message: string,
  ) {
    super(message);
  }
}

function coversNight(range: TouristTaxRange, night: string): boolean {
  return (range.validFrom === null || range.validFrom <= night) && (range.validTo === null || night <= range.validTo);
}

/**
 * The range that applies on a night: among ranges valid on that date, the one that started most
 * recently (a new decree replaces an open-ended older one); on a tie, the first in the list.
 */
export function rangeForNight(ranges: readonly TouristTaxRange[], night: string): TouristTaxRange | null {
  let best: TouristTaxRange | null = null;
  for (const range of ranges) {
    if (!coversNight(range, night)) continue;
    if (best === null || (range.validFrom ?? '') > (best.validFrom ?? '')) best = range;
  }
  return best;
}

function checkStay(stay: Stay): void {
  const counts = [stay.adults, stay.children, stay.infants, stay.otherExemptAdults ?? 0];
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut) || stay.checkOut <= stay.checkIn) {
    throw new TouristTaxError('invalidStay', 'check-out must be a date after check-in');
  }
  if (counts.some((n) => !Number.isInteger(n) || n < 0)) throw new TouristTaxError('invalidStay', 'guest counts must be whole numbers ≥ 0');
  if ((stay.otherExemptAdults ?? 0) > stay.adults) throw new TouristTaxError('invalidStay', 'more exempt adults than adults');
  if (!Number.isInteger(stay.accommodationFee) || stay.accommodationFee < 0) throw new TouristTaxError('invalidStay', 'fee must be whole minor units ≥ 0');
}

/** FIX value (range currency minor units) × guest-nights, as an exact fraction in the fee currency. */
function fixedInFeeCurrency(value: number, guestNights: number, from: Currency, to: Currency, options: TaxOptions): [bigint, bigint] {
  const amount = BigInt(Math.round(value)) * BigInt(guestNights);
  if (from === to) return [amount, 1n];
  if (!options.eurHuf || options.eurHuf <= 0) throw new TouristTaxError('missingExchangeRate', `a ${from} range needs an EUR/HUF rate for a ${to} fee`);
  const rate = percentToPpm(options.eurHuf); // HUF per EUR, scaled by 10 000
  // EUR cents → HUF forints: cents / 100 × rate. HUF forints → EUR cents: forints / rate × 100.
  return from === 'EUR' ? [amount * rate, 100n * 10_000n] : [amount * 100n * 10_000n, rate];
}

/**
 * The tourist tax of a stay. Rules, in order:
 * - Each night (check-in up to check-out) is taxed under the range valid on that date; a night
 *   with no range, or beyond the range's `maxNights` counted from check-in, is untaxed and listed.
 * - Taxable guests: adults minus other exempt adults, plus children and infants unless the range
 *   exempts minors (default).
 * - FIX: value × taxable guests × nights, converted to the fee's currency when needed.
 * - PERCENT: the fee is spread evenly over the nights and over all guests; the taxable guests'
 *   share of each taxed night is the base. Exclusive: base × p/100. Inclusive (the fee already
 *   holds the tax): base × p/(100+p).
 * - Rounding: consecutive nights under one range form a segment; each segment is computed exactly
 *   and rounded once, half away from zero, to the fee currency's minor unit (EUR cents, whole HUF).
 *   The total is the sum of the segments.
 */
export function touristTaxForStay(stay: Stay, ranges: readonly TouristTaxRange[], options: TaxOptions = {}): TouristTaxResult {
  checkStay(stay);
  const nights = nightsOf(stay.checkIn, stay.checkOut);
  const minors = stay.children + stay.infants;
  const allGuests = stay.adults + minors;
  const segments: TaxSegment[] = [];
  const untaxedNights: TouristTaxResult['untaxedNights'] = [];

  let open: { range: TouristTaxRange; from: string; nights: number; taxable: number } | null = null;
  const close = (end: string) => {
    if (!open) return;
    segments.push({ rangeId: open.range.id, from: open.from, to: end, nights: open.nights, taxableGuests: open.taxable, inclusive: open.range.inclusive, amount: segmentAmount(open.range, open.nights, open.taxable) });
    open = null;
  };
  const segmentAmount = (range: TouristTaxRange, segmentNights: number, taxable: number): Minor => {
    let num: bigint;
    let den: bigint;
    if (range.type === 'FIX') {
      [num, den] = fixedInFeeCurrency(range.value, taxable * segmentNights, range.currency, stay.currency, options);
    } else {
      const ppm = percentToPpm(range.value);
      num = BigInt(stay.accommodationFee) * BigInt(segmentNights) * BigInt(taxable) * ppm;
      den = BigInt(nights.length) * BigInt(allGuests) * (range.inclusive ? PPM_100_PERCENT + ppm : PPM_100_PERCENT);
    }
    return Number(divRound(num, den));
  };

  nights.forEach((night, index) => {
    const range = rangeForNight(ranges, night);
    const taxable = range ? stay.adults - (stay.otherExemptAdults ?? 0) + (range.exemptMinors === false ? minors : 0) : 0;
    let reason: UntaxedReason | null = null;
    if (!range) reason = 'noRange';
    else if (range.maxNights !== null && index >= range.maxNights) reason = 'maxNights';
    else if (taxable === 0) reason = 'noTaxableGuests';
    if (reason || !range) {
      close(night);
      untaxedNights.push({ date: night, reason: reason ?? 'noRange' });
      return;
    }
    if (open && open.range === range) {
      open.nights += 1;
      return;
    }
    close(night);
    open = { range, from: night, nights: 1, taxable };
  });
  close(stay.checkOut);

  const includedInFee = segments.filter((s) => s.inclusive).reduce((sum, s) => sum + s.amount, 0);
  const addedToFee = segments.filter((s) => !s.inclusive).reduce((sum, s) => sum + s.amount, 0);
  return {
    currency: stay.currency,
    total: includedInFee + addedToFee,
    includedInFee,
    addedToFee,
    netAccommodationFee: stay.accommodationFee - includedInFee,
    guestPays: stay.accommodationFee + addedToFee,
    segments,
    untaxedNights,
  };
}
