// Money as integers in the currency's minor unit, plus the one rounding rule every price and tax uses.
// EUR has 2 decimals (cents); HUF is kept in whole forints (fillér are not in circulation since 1999).

export const CURRENCIES = ['EUR', 'HUF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Decimal places of the minor unit we store and display. */
export const MINOR_DIGITS: Record<Currency, number> = { EUR: 2, HUF: 0 };

/** An amount in minor units (EUR cents, HUF forints). Always an integer. */
export type Minor = number;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Integer division of num/den rounded half away from zero ("commercial rounding"), the rule used
 * for every price and tax in Staydesk: 0.5 cents becomes 1 cent, -0.5 becomes -1.
 */
export function divRound(num: bigint, den: bigint): bigint {
  if (den === 0n) throw new RangeError('division by zero');
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** A decimal amount (as stored in the database, e.g. 85.5 EUR) to minor units, rounded. */
export function toMinor(amount: number, currency: Currency): Minor {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  const scaled = amount * 10 ** MINOR_DIGITS[currency];
  // Round through a string so 1.005 * 100 = 100.49999 still becomes 101 (half away from zero).
  const fixed = Number(scaled.toFixed(6));
  return Math.sign(fixed) * Math.round(Math.abs(fixed));
}

/** Minor units back to a decimal amount for storage or display. */
export function fromMinor(minor: Minor, currency: Currency): number {
  return minor / 10 ** MINOR_DIGITS[currency];
}

/** Percentages are carried exactly as parts per million: 4% = 40 000 ppm, 12.5% = 125 000 ppm. */
export function percentToPpm(percent: number): bigint {
  if (!Number.isFinite(percent)) throw new RangeError(`not a finite percent: ${percent}`);
  return BigInt(Math.round(percent * 10_000));
}

export const PPM_100_PERCENT = 1_000_000n;

/** amount × percent / 100, rounded half away from zero to whole minor units. */
export function percentOf(amount: Minor, percent: number): Minor {
  return Number(divRound(BigInt(amount) * percentToPpm(percent), PPM_100_PERCENT));
}

/** Formats minor units for display with Intl (locale-aware separators and symbol). */
export function formatMoney(minor: Minor, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: MINOR_DIGITS[currency],
    maximumFractionDigits: MINOR_DIGITS[currency],
  }).format(fromMinor(minor, currency));
}
