// Database rows (as GraphQL returns them, snake_case, numerics as numbers or strings) to the
// engine's input, in one place for every reader: functions/quote reads them with the admin
// secret, the calendar will read the same shapes with the user's token. Amounts become minor units.
import { isCurrency, toMinor, type Currency, type Minor } from '../money';
import type { TouristTaxRange } from '../touristTax';
import { bookedNightsOf, type FeeRule, type PricingData, type PricingRate, type RateDay, type UnitDay } from './engine';
import type { PriceRule, PriceRuleType } from './rules';

type Num = number | string;
type AmountType = 'FIX' | 'PERCENT';

export interface RateDateRow {
  date: string;
  price: Num | null;
  is_closed: boolean;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  min_stay: number | null;
  max_stay: number | null;
}

export interface PriceRuleRow {
  id: string;
  name: string;
  type: string;
  priority: number;
  conditions: unknown;
  results: unknown;
  is_active: boolean;
}

export interface RateRow {
  id: string;
  name: string;
  occupancy: number;
  currency: string;
  price: Num;
  min_price: Num | null;
  max_price: Num | null;
  min_stay: number;
  max_stay: number | null;
  modifier_direction: string | null;
  modifier_type: string | null;
  modifier_value: Num | null;
  parent_rate_id: string | null;
  derived_change_type: string | null;
  derived_change_value: Num | null;
  inherit_closed_to_arrival: boolean;
  inherit_closed_to_departure: boolean;
  rate_dates?: RateDateRow[];
  price_rule_assignments?: { price_rule: PriceRuleRow | null }[];
}

export interface UnitDateRow {
  date: string;
  is_closed: boolean;
  min_stay: number | null;
  max_stay: number | null;
}

export interface TaxRangeRow {
  id: string;
  type: string;
  currency: string;
  inclusive: boolean;
  value: Num;
  valid_from: string | null;
  valid_to: string | null;
  max_nights: number | null;
  issue_on_cleaning: boolean;
}

export interface FeeRow {
  id: string;
  name: string;
  type: string;
  value: Num;
  currency: string;
  per_night: boolean;
  per_guest: boolean;
}

export interface UnitRow {
  occ_adults: number;
  occ_children: number;
  occ_infants: number;
  unit_dates?: UnitDateRow[];
}

export class RowError extends Error {}

function currencyOf(value: string): Currency {
  if (!isCurrency(value)) throw new RowError(`unknown currency ${value}`);
  return value;
}

function amountType(value: string | null): AmountType {
  if (value !== 'FIX' && value !== 'PERCENT') throw new RowError(`unknown amount type ${value}`);
  return value;
}

const minorOrNull = (value: Num | null, currency: Currency): Minor | null => (value === null ? null : toMinor(Number(value), currency));

export function rateFromRow(row: RateRow): PricingRate {
  const currency = currencyOf(row.currency);
  const modifierType = row.modifier_type === null ? null : amountType(row.modifier_type);
  const derivedType = row.derived_change_type === null ? null : amountType(row.derived_change_type);
  return {
    id: row.id,
    name: row.name,
    occupancy: row.occupancy,
    currency,
    price: toMinor(Number(row.price), currency),
    minPrice: minorOrNull(row.min_price, currency),
    maxPrice: minorOrNull(row.max_price, currency),
    minStay: row.min_stay,
    maxStay: row.max_stay,
    modifiers:
      (row.modifier_direction === 'increase' || row.modifier_direction === 'decrease') && modifierType && row.modifier_value !== null
        ? [{ direction: row.modifier_direction, kind: modifierType, value: modifierType === 'FIX' ? toMinor(Number(row.modifier_value), currency) : Number(row.modifier_value) }]
        : [],
    derivation:
      row.parent_rate_id && derivedType && row.derived_change_value !== null
        ? {
            parentId: row.parent_rate_id,
            kind: derivedType,
            change: derivedType === 'FIX' ? toMinor(Number(row.derived_change_value), currency) : Number(row.derived_change_value),
            inheritClosedToArrival: row.inherit_closed_to_arrival,
            inheritClosedToDeparture: row.inherit_closed_to_departure,
          }
        : null,
    ruleIds: (row.price_rule_assignments ?? []).flatMap((a) => (a.price_rule ? [a.price_rule.id] : [])),
  };
}

export function ruleFromRow(row: PriceRuleRow): PriceRule {
  return { id: row.id, name: row.name, type: row.type as PriceRuleType, priority: row.priority, conditions: row.conditions, results: row.results, isActive: row.is_active };
}

export function taxRangeFromRow(row: TaxRangeRow): TouristTaxRange {
  const currency = currencyOf(row.currency);
  const type = amountType(row.type);
  return { id: row.id, type, currency, inclusive: row.inclusive, value: type === 'FIX' ? toMinor(Number(row.value), currency) : Number(row.value), validFrom: row.valid_from, validTo: row.valid_to, maxNights: row.max_nights, issueOnCleaning: row.issue_on_cleaning };
}

export function feeFromRow(row: FeeRow): FeeRule {
  const currency = currencyOf(row.currency);
  const type = amountType(row.type);
  return { id: row.id, name: row.name, type, value: type === 'FIX' ? toMinor(Number(row.value), currency) : Number(row.value), currency, perNight: row.per_night, perGuest: row.per_guest };
}

/**
 * The engine's input from the rows of a unit: its rates (the asked one and its parents, each
 * with its rate_dates and assigned rules), its unit_dates, capacity and booked stays in [from, to).
 */
export function pricingDataFromRows(input: { unit: UnitRow; rates: readonly RateRow[]; stays?: readonly { checkin: string; checkout: string }[]; from: string; to: string }): PricingData {
  const rates = new Map<string, PricingRate>();
  const rateDays = new Map<string, Map<string, RateDay>>();
  const rules = new Map<string, PriceRule>();
  for (const row of input.rates) {
    const rate = rateFromRow(row);
    rates.set(rate.id, rate);
    const days = new Map<string, RateDay>();
    for (const d of row.rate_dates ?? []) {
      days.set(d.date, { price: minorOrNull(d.price, rate.currency), closed: d.is_closed, closedToArrival: d.closed_to_arrival, closedToDeparture: d.closed_to_departure, minStay: d.min_stay, maxStay: d.max_stay });
    }
    rateDays.set(rate.id, days);
    for (const a of row.price_rule_assignments ?? []) if (a.price_rule) rules.set(a.price_rule.id, ruleFromRow(a.price_rule));
  }
  const unitDays = new Map<string, UnitDay>((input.unit.unit_dates ?? []).map((d) => [d.date, { closed: d.is_closed, minStay: d.min_stay, maxStay: d.max_stay }]));
  return {
    rates,
    rateDays,
    unitDays,
    rules,
    capacity: { adults: input.unit.occ_adults, children: input.unit.occ_children, infants: input.unit.occ_infants },
    bookedNights: bookedNightsOf(input.stays ?? [], input.from, input.to),
  };
}
