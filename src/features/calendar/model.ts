// From the calendar's live rows to what the grid draws: the rows (accommodations, units, rates
// unless hidden), each unit's stays as bars, and every rate's nights priced by the one pricing
// engine (domain/pricing priceCalendar). No price is computed anywhere else.
import { isoFromDay, parseIsoDay, priceCalendar, PricingError, type CalendarDay, type DayNumber, type PricingData } from '@/domain/pricing';
import { pricingDataFromRows, type PriceRuleRow, type RateRow, type UnitDateRow } from '@/domain/pricing/rows';
import type { Currency } from '@/domain/money';
import type { DayRange } from './axis';

export interface Stay {
  id: string;
  checkin: DayNumber;
  checkout: DayNumber;
  bookingId: string | null;
  guestName: string | null;
  channel: string | null;
  guests: number | null;
}

export interface CalendarRate {
  id: string;
  name: string;
  parentId: string | null;
  currency: Currency;
}

export interface CalendarUnit {
  id: string;
  name: string;
  accommodationId: string;
  accommodationName: string;
  stays: Stay[];
  /**
   * Absent when the user may not read prices (cleaners). `complete` is false while a rule one of
   * its rates names has not arrived (the rules come apart from the window): its nights are then
   * not priced, since a price without one of its rules would be a wrong price.
   */
  pricing: { data: PricingData; rates: CalendarRate[]; closedDays: ReadonlySet<string>; minStays: ReadonlyMap<string, number>; complete: boolean } | null;
}

export type CalendarRow =
  | { kind: 'accommodation'; key: string; accommodationId: string; name: string; collapsed: boolean }
  | { kind: 'unit'; key: string; unitId: string; name: string; rateId: string | null }
  | { kind: 'rate'; key: string; unitId: string; rateId: string; name: string; derived: boolean };

export interface RowOptions {
  hideRates: boolean;
  hideChildRates: boolean;
  collapsed: ReadonlySet<string>;
}

/**
 * The unit's rate its own row prices: the rate for the most guests among those not derived from
 * another (a "Single" rate is not the unit's price), the first by name on a tie; else the first.
 */
export function mainRate(unit: CalendarUnit): CalendarRate | null {
  const rates = unit.pricing?.rates ?? [];
  let best: CalendarRate | null = null;
  let bestOccupancy = -1;
  for (const r of rates) {
    const occupancy = unit.pricing?.data.rates.get(r.id)?.occupancy ?? 0;
    if (r.parentId === null && occupancy > bestOccupancy) {
      best = r;
      bestOccupancy = occupancy;
    }
  }
  return best ?? rates[0] ?? null;
}

export function buildRows(units: readonly CalendarUnit[], options: RowOptions): CalendarRow[] {
  const rows: CalendarRow[] = [];
  let current: string | null = null;
  for (const unit of units) {
    if (unit.accommodationId !== current) {
      current = unit.accommodationId;
      rows.push({ kind: 'accommodation', key: `a:${unit.accommodationId}`, accommodationId: unit.accommodationId, name: unit.accommodationName, collapsed: options.collapsed.has(unit.accommodationId) });
    }
    if (options.collapsed.has(unit.accommodationId)) continue;
    rows.push({ kind: 'unit', key: `u:${unit.id}`, unitId: unit.id, name: unit.name, rateId: mainRate(unit)?.id ?? null });
    if (options.hideRates) continue;
    for (const rate of unit.pricing?.rates ?? []) {
      if (options.hideChildRates && rate.parentId !== null) continue;
      rows.push({ kind: 'rate', key: `r:${rate.id}`, unitId: unit.id, rateId: rate.id, name: rate.name, derived: rate.parentId !== null });
    }
  }
  return rows;
}

/**
 * `next` when the rows differ from `prev`, else `prev` itself: a new data window brings new unit
 * objects but mostly the same rows, and keeping the same array spares the grid re-measuring them.
 */
export function stableRows(prev: readonly CalendarRow[], next: readonly CalendarRow[]): readonly CalendarRow[] {
  if (prev.length !== next.length) return next;
  for (let i = 0; i < next.length; i += 1) {
    const a = prev[i] as Record<string, unknown>;
    const b = next[i] as Record<string, unknown>;
    const keys = Object.keys(b);
    if (keys.length !== Object.keys(a).length || keys.some((k) => a[k] !== b[k])) return next;
  }
  return prev;
}

/** Each rate's nights over the window, from the engine; a rate the engine refuses (broken chain) gets none. */
export function priceUnit(unit: CalendarUnit, window: DayRange, today: DayNumber): Map<string, CalendarDay[]> {
  const out = new Map<string, CalendarDay[]>();
  if (!unit.pricing?.complete) return out;
  const from = isoFromDay(window.from);
  const to = isoFromDay(window.to);
  const todayIso = isoFromDay(today);
  for (const rate of unit.pricing.rates) {
    try {
      out.set(rate.id, priceCalendar(unit.pricing.data, { rateId: rate.id, from, to, today: todayIso }));
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
    }
  }
  return out;
}

/** Each rate's priced nights, starting at `from` (the data window's first day). */
export interface PriceIndex {
  get(rateId: string): { from: DayNumber; days: readonly CalendarDay[] } | undefined;
  /** Prices the unit's rates now (if not yet), so that drawing it later only reads them. */
  prepare(unitId: string): void;
}

/** One window answer as the grid draws it: its units and their prices, always together. */
export interface WindowView {
  units: ReadonlyMap<string, CalendarUnit>;
  prices: PriceIndex;
}

/**
 * Prices on demand: a unit's rates are priced the first time one of them is drawn, once per data
 * window. The grid draws a screenful of rows, so a new window prices those units, not all of them
 * (a hundred units x 56 nights would otherwise be one long task per window).
 */
export function lazyPriceIndex(units: readonly CalendarUnit[], window: DayRange | null, today: DayNumber): PriceIndex {
  const unitOfRate = new Map<string, CalendarUnit>();
  const byId = new Map<string, CalendarUnit>();
  for (const unit of units) {
    byId.set(unit.id, unit);
    for (const rate of unit.pricing?.rates ?? []) unitOfRate.set(rate.id, unit);
  }
  const priced = new Map<string, { from: DayNumber; days: readonly CalendarDay[] }>();
  const done = new Set<string>();
  const price = (unit: CalendarUnit | undefined) => {
    if (!window || !unit || done.has(unit.id)) return;
    done.add(unit.id);
    for (const [id, days] of priceUnit(unit, window, today)) priced.set(id, { from: window.from, days });
  };
  return {
    get(rateId) {
      price(unitOfRate.get(rateId));
      return priced.get(rateId);
    },
    prepare(unitId) {
      price(byId.get(unitId));
    },
  };
}

/** Whether any stay of the unit takes a night in [from, to). */
export function hasStayIn(unit: CalendarUnit, from: DayNumber, to: DayNumber): boolean {
  return unit.stays.some((s) => s.checkin < to && s.checkout > from);
}

export interface WindowUnitRow {
  id: string;
  name: string;
  accommodation_id: string;
  occ_adults: number;
  occ_children: number;
  occ_infants: number;
  accommodation: { name: string };
  unit_dates: UnitDateRow[];
  /** A rate's rules by id: the window sends each rule once, apart (see unitsFromWindow). */
  rates: (Omit<RateRow, 'price_rule_assignments'> & { rate_dates: NonNullable<RateRow['rate_dates']>; price_rule_assignments: { price_rule_id: string }[] })[];
  booked_units: { id: string; checkin: string; checkout: string; booking: { id: string; customer_name: string; channel: string } | null }[];
}

interface OccupancyUnitRow {
  id: string;
  name: string;
  accommodation_id: string;
  accommodation: { name: string };
  booked_units: { id: string; checkin: string; checkout: string; adults: number; children: number; infants: number }[];
}

const day = (iso: string): DayNumber => parseIsoDay(iso) ?? 0;

/**
 * The staff/owner subscription's units, ready for the grid: each rate's rule ids joined with the
 * price rules (sent once, by CalendarPriceRules). A unit naming a rule not among them (an
 * assignment seen before its rule arrived) is not priced until it is.
 */
export function unitsFromWindow(rows: readonly WindowUnitRow[], window: DayRange, rules: ReadonlyMap<string, PriceRuleRow>): CalendarUnit[] {
  const from = isoFromDay(window.from);
  const to = isoFromDay(window.to);
  return rows.map((row) => {
    let complete = true;
    const rates = row.rates.map((r) => ({
      ...r,
      price_rule_assignments: r.price_rule_assignments.map((a) => {
        const rule = rules.get(a.price_rule_id);
        if (!rule) complete = false;
        return { price_rule: rule ?? null };
      }),
    }));
    const data = pricingDataFromRows({ unit: row, rates, from, to });
    const closedDays = new Set(row.unit_dates.filter((d) => d.is_closed).map((d) => d.date));
    const minStays = new Map(row.unit_dates.flatMap((d) => (d.min_stay ? [[d.date, d.min_stay] as const] : [])));
    return {
      id: row.id,
      name: row.name,
      accommodationId: row.accommodation_id,
      accommodationName: row.accommodation.name,
      stays: row.booked_units.map((b) => ({ id: b.id, checkin: day(b.checkin), checkout: day(b.checkout), bookingId: b.booking?.id ?? null, guestName: b.booking?.customer_name ?? null, channel: b.booking?.channel ?? null, guests: null })),
      pricing: { data, rates: row.rates.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_rate_id, currency: data.rates.get(r.id)!.currency })), closedDays, minStays, complete },
    };
  });
}

/** Rules by id, from CalendarPriceRules's answer. */
export function rulesById(rows: readonly PriceRuleRow[]): ReadonlyMap<string, PriceRuleRow> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** The cleaners' subscription's units: stays with guest counts only. */
export function unitsFromOccupancy(rows: readonly OccupancyUnitRow[]): CalendarUnit[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    accommodationId: row.accommodation_id,
    accommodationName: row.accommodation.name,
    stays: row.booked_units.map((b) => ({ id: b.id, checkin: day(b.checkin), checkout: day(b.checkout), bookingId: null, guestName: null, channel: null, guests: b.adults + b.children + b.infants })),
    pricing: null,
  }));
}

/** Channel colours for booking bars (fixed so a channel looks the same everywhere). */
export const CHANNEL_COLOURS: Readonly<Record<string, string>> = {
  airbnb: '#d9485f',
  booking: '#1f5fb8',
  direct: '#2e7d4f',
};
export const OTHER_CHANNEL_COLOUR = '#5b6572';
