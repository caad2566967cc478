// The assigner's preview: a sample month of each rate's nightly prices with the rules assigned
// now ("before") and with the edited assignment of this rule ("after"), both from the one pricing
// engine. Pure, so the numbers can be pinned in tests.
import { dayFromCivil, daysInMonth, isoFromDay, priceCalendar, PricingError } from '@/domain/pricing';
import { pricingDataFromRows, type PriceRuleRow, type RateRow } from '@/domain/pricing/rows';
import type { Currency, Minor } from '@/domain/money';

export interface PreviewRate extends RateRow {
  unit: { id: string; occ_adults: number; occ_children: number; occ_infants: number };
  rate_dates: NonNullable<RateRow['rate_dates']>;
}

export interface RatePreview {
  rateId: string;
  currency: Currency;
  before: Minor[];
  after: Minor[];
  /** Nights whose price changes. */
  changed: number;
  averageBefore: Minor;
  averageAfter: Minor;
}

/** The month YYYY-MM as [from, to) dates, or null. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12 || year < 1900 || year > 2200) return null;
  const from = dayFromCivil(year, mon, 1);
  return { from: isoFromDay(from), to: isoFromDay(from + daysInMonth(year, mon)) };
}

const average = (xs: Minor[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);

/**
 * Before/after prices of `rateIds` for the month: `rule` is the edited rule (as it will be saved),
 * `assigned` the rates it will be assigned to. Rates the engine cannot price are left out.
 */
export function previewAssignment(input: { rates: readonly PreviewRate[]; rateIds: readonly string[]; rule: PriceRuleRow; assigned: ReadonlySet<string>; month: { from: string; to: string }; today: string }): RatePreview[] {
  const out: RatePreview[] = [];
  for (const rateId of input.rateIds) {
    const rate = input.rates.find((r) => r.id === rateId);
    if (!rate) continue;
    const siblings = input.rates.filter((r) => r.unit.id === rate.unit.id);
    const withRule = siblings.map((r) => {
      const others = (r.price_rule_assignments ?? []).filter((a) => a.price_rule?.id !== input.rule.id);
      return { ...r, price_rule_assignments: input.assigned.has(r.id) ? [...others, { price_rule: input.rule }] : others };
    });
    try {
      const before = priceCalendar(pricingDataFromRows({ unit: rate.unit, rates: siblings, ...input.month }), { rateId, ...input.month, today: input.today }).map((d) => d.price);
      const after = priceCalendar(pricingDataFromRows({ unit: rate.unit, rates: withRule, ...input.month }), { rateId, ...input.month, today: input.today }).map((d) => d.price);
      const currency = rate.currency as Currency;
      out.push({ rateId, currency, before, after, changed: before.filter((p, i) => p !== after[i]).length, averageBefore: average(before), averageAfter: average(after) });
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
    }
  }
  return out;
}
