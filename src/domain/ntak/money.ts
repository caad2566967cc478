// Amounts for NTAK are whole forints. EUR amounts are converted at the stored rate of the day the
// amount belongs to, or the latest earlier one (exchange_rates, one row per day and currency).

export interface Money {
  amount: number;
  currency: 'EUR' | 'HUF';
}

/** HUF per one unit of the currency, by ISO date. */
export type ExchangeRates = ReadonlyArray<{ date: string; currency: 'EUR'; rateHuf: number }>;

export class MissingRateError extends Error {
  constructor(
    readonly currency: string,
    readonly day: string,
  ) {
    super(`No ${currency}/HUF exchange rate stored on or before ${day}`);
    this.name = 'MissingRateError';
  }
}

/** The rate in force on `day`: that day's row, else the latest earlier one. */
export function rateOn(rates: ExchangeRates, currency: 'EUR', day: string): number {
  let best: { date: string; rateHuf: number } | undefined;
  for (const r of rates) {
    if (r.currency === currency && r.date <= day && (!best || r.date > best.date)) best = r;
  }
  if (!best) throw new MissingRateError(currency, day);
  return best.rateHuf;
}

/** Whole HUF for an amount, rounded half away from zero (the app's rounding rule). */
export function toHuf(money: Money, day: string, rates: ExchangeRates): number {
  const huf = money.currency === 'HUF' ? money.amount : money.amount * rateOn(rates, 'EUR', day);
  // Decimal amounts from the database (85.5) times a rate with 2-4 decimals: round on a 1e-6 grid first.
  const exact = Math.round(huf * 1e6) / 1e6;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}
