import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRate, type RateOnDate } from '../ratePricing';
import type { TouristTaxRange } from '../touristTax';
import { bookedNightsOf, convert, feeAmount, priceCalendar, PricingError, quoteStay, type FeeRule, type PricingData, type PricingRate, type RateDay, type StayRequest, type UnbookableCode, type UnitDay } from './engine';
import { reasonKey, reasonValues } from './reasons';
import type { PriceRule } from './rules';

// 2026-11-26 is a Thursday. Prices in EUR cents.
const base: PricingRate = { id: 'base', name: 'Standard', occupancy: 4, currency: 'EUR', price: 10000, minPrice: 7000, maxPrice: 30000, minStay: 1, maxStay: 14 };
const nonref: PricingRate = { id: 'nonref', name: 'Non-refundable', occupancy: 4, currency: 'EUR', price: 0, minStay: 1, derivation: { parentId: 'base', kind: 'PERCENT', change: -10, inheritClosedToArrival: true, inheritClosedToDeparture: false } };

const rule = (id: string, priority: number, conditions: unknown[], results: unknown, type: PriceRule['type'] = 'simple'): PriceRule => ({ id, name: id, type, priority, conditions, results });
const weekend = rule('weekend', 10, [{ field: 'weekday', op: 'in', value: [5, 6] }], { type: 'PERCENT', value: 15 });
const january = rule('january', 5, [{ field: 'month', op: 'eq', value: 1 }], { type: 'PERCENT', value: -12 });
const seedMatrix = rule('matrix', 1, [{ field: 'date', op: 'between', value: ['2026-01-01', '2027-03-31'] }], { rows: { field: 'nights', values: [1, 3, 7] }, columns: { field: 'leadDays', values: [0, 14, 60] }, cells: [[5, 0, -5], [0, -3, -8], [-5, -10, -15]], type: 'PERCENT' }, 'matrix');

interface Fixture {
  rates?: PricingRate[];
  rules?: PriceRule[];
  rateDays?: Record<string, Record<string, RateDay>>;
  unitDays?: Record<string, UnitDay>;
  booked?: string[];
  capacity?: PricingData['capacity'];
}
function data(f: Fixture = {}): PricingData {
  return {
    rates: new Map((f.rates ?? [base, nonref]).map((r) => [r.id, r])),
    rules: new Map((f.rules ?? []).map((r) => [r.id, r])),
    rateDays: new Map(Object.entries(f.rateDays ?? {}).map(([id, days]) => [id, new Map(Object.entries(days))])),
    unitDays: new Map(Object.entries(f.unitDays ?? {})),
    bookedNights: new Set(f.booked ?? []),
    capacity: f.capacity,
  };
}
const stay = (over: Partial<StayRequest> = {}): StayRequest => ({ rateId: 'base', checkIn: '2026-11-26', checkOut: '2026-11-30', adults: 2, today: '2026-11-01', ...over });
const prices = (d: PricingData, over: Partial<StayRequest> = {}) => quoteStay(d, stay(over)).nights.map((n) => n.price);
const withRules = (rate: PricingRate, ...ruleIds: string[]): PricingRate => ({ ...rate, ruleIds });
const reasonCodes = (d: PricingData, over: Partial<StayRequest> = {}) => quoteStay(d, stay(over)).reasons.map((r) => r.code);

describe('nightly price of a rate', () => {
  it("is the rate's price, every night, summed exactly", () => {
    const q = quoteStay(data(), stay());
    expect(q.nights).toEqual([
      { date: '2026-11-26', price: 10000, ruleIds: [] },
      { date: '2026-11-27', price: 10000, ruleIds: [] },
      { date: '2026-11-28', price: 10000, ruleIds: [] },
      { date: '2026-11-29', price: 10000, ruleIds: [] },
    ]);
    expect(q).toMatchObject({ currency: 'EUR', accommodation: 40000, total: 40000, bookable: true, reasons: [], warnings: [] });
  });

  it('takes a per-date price (rate_dates) for that night only', () => {
    expect(prices(data({ rateDays: { base: { '2026-11-27': { price: 16000 } } } }))).toEqual([10000, 16000, 10000, 10000]);
  });

  it('applies standing modifiers on top of a date price, never below zero', () => {
    const up = { ...base, modifiers: [{ direction: 'increase' as const, kind: 'FIX' as const, value: 1000 }, { direction: 'increase' as const, kind: 'PERCENT' as const, value: 10 }] };
    // (10000 + 1000) × 1.1 = 12100; (16000 + 1000) × 1.1 = 18700
    expect(prices(data({ rates: [up], rateDays: { base: { '2026-11-27': { price: 16000 } } } }))).toEqual([12100, 18700, 12100, 12100]);
    const down = { ...base, minPrice: null, modifiers: [{ direction: 'decrease' as const, kind: 'FIX' as const, value: 50000 }] };
    expect(prices(data({ rates: [down] }))).toEqual([0, 0, 0, 0]);
  });

  it('clamps to min and max price, date prices and rules included', () => {
    const cheap = rule('cheap', 1, [{ field: 'weekday', op: 'eq', value: 4 }], { type: 'PERCENT', value: -50 });
    const dear = rule('dear', 1, [{ field: 'weekday', op: 'eq', value: 5 }], { type: 'PERCENT', value: 400 });
    const d = data({ rates: [withRules(base, 'cheap', 'dear')], rules: [cheap, dear], rateDays: { base: { '2026-11-28': { price: 2000 }, '2026-11-29': { price: 99999 } } } });
    // Thu -50% = 5000 → min 7000; Fri +400% = 50000 → max 30000; date prices 2000 → 7000, 99999 → 30000
    expect(prices(d)).toEqual([7000, 30000, 7000, 30000]);
  });
});

describe('price rules', () => {
  it('simple: the weekend rule changes Friday and Saturday nights only', () => {
    const q = quoteStay(data({ rates: [withRules(base, 'weekend')], rules: [weekend] }), stay());
    expect(q.nights.map((n) => [n.date, n.price, n.ruleIds])).toEqual([
      ['2026-11-26', 10000, []],
      ['2026-11-27', 11500, ['weekend']],
      ['2026-11-28', 11500, ['weekend']],
      ['2026-11-29', 10000, []],
    ]);
    expect(q.accommodation).toBe(43000);
  });

  it('stack in priority order, compounding and rounding after each', () => {
    // A January Friday: +15% then -12%: 10000 → 11500 → 10120
    const d = data({ rates: [withRules(base, 'weekend', 'january')], rules: [weekend, january] });
    expect(prices(d, { checkIn: '2027-01-07', checkOut: '2027-01-10' })).toEqual([8800, 10120, 10120]);
    // Order matters when amounts and percents mix: +10% (prio 10) then +10 EUR (prio 5) = 12000; swapped = 12100
    const pct = rule('pct', 10, [], { type: 'PERCENT', value: 10 });
    const fix = rule('fix', 5, [], { type: 'FIX', value: 10 });
    expect(prices(data({ rates: [withRules(base, 'pct', 'fix')], rules: [pct, fix] }))[0]).toBe(12000);
    expect(prices(data({ rates: [withRules(base, 'pct', 'fix')], rules: [{ ...pct, priority: 1 }, fix] }))[0]).toBe(12100);
  });

  it('on a priority tie, apply by name then id', () => {
    const a = { ...rule('id-2', 5, [], { type: 'PERCENT', value: 10 }), name: 'A percent' };
    const b = { ...rule('id-1', 5, [], { type: 'FIX', value: 10 }), name: 'B amount' };
    const q = quoteStay(data({ rates: [withRules(base, 'id-1', 'id-2')], rules: [a, b] }), stay());
    expect(q.nights[0]).toEqual({ date: '2026-11-26', price: 12000, ruleIds: ['id-2', 'id-1'] });
    const sameName = { ...b, name: 'A percent' };
    // same name: id-1 (the amount) first: 10000 + 1000 = 11000, + 10% = 12100
    expect(prices(data({ rates: [withRules(base, 'id-1', 'id-2')], rules: [a, sameName] }))[0]).toBe(12100);
  });

  it('matrix: length of stay × days before arrival (the demo rule)', () => {
    const d = data({ rates: [withRules(base, 'matrix')], rules: [seedMatrix] });
    const perNight = (checkIn: string, checkOut: string, today: string) => prices(d, { checkIn, checkOut, today })[0];
    expect(perNight('2026-12-01', '2026-12-02', '2026-11-30')).toBe(10500); // 1 night, 1 day ahead: +5%
    expect(perNight('2026-12-01', '2026-12-04', '2026-11-01')).toBe(9700); // 3 nights, 30 days: -3%
    expect(perNight('2027-03-01', '2027-03-08', '2026-11-01')).toBe(8500); // 7 nights, 120 days: -15%
    expect(perNight('2026-12-01', '2026-12-04', '2026-12-05')).toBe(10000); // arrival in the past: no column
    // the rule's date condition ends on 2027-03-31: a stay across it changes only the nights up to it
    expect(prices(d, { checkIn: '2027-03-30', checkOut: '2027-04-02', today: '2027-01-01' })).toEqual([9200, 9200, 10000]);
  });

  it('number conditions see the whole stay: a weekly discount lowers every night, including first and last', () => {
    const weekly = rule('weekly', 1, [{ field: 'nights', op: 'gte', value: 7 }], { type: 'PERCENT', value: -20 });
    const d = data({ rates: [withRules(base, 'weekly')], rules: [weekly] });
    expect(prices(d, { checkOut: '2026-12-02' })).toEqual([10000, 10000, 10000, 10000, 10000, 10000]);
    expect(prices(d, { checkOut: '2026-12-03' })).toEqual([8000, 8000, 8000, 8000, 8000, 8000, 8000]);
  });

  it('date conditions hit the first and last night, never the departure day', () => {
    const first = rule('first', 1, [{ field: 'date', op: 'eq', value: '2026-11-26' }], { type: 'FIX', value: 1 });
    const last = rule('last', 1, [{ field: 'date', op: 'eq', value: '11-29' }], { type: 'FIX', value: 2 });
    const departure = rule('departure', 1, [{ field: 'date', op: 'eq', value: '2026-11-30' }], { type: 'FIX', value: 100 });
    const d = data({ rates: [withRules(base, 'first', 'last', 'departure')], rules: [first, last, departure] });
    expect(prices(d)).toEqual([10100, 10000, 10000, 10200]);
    expect(quoteStay(d, stay()).accommodation).toBe(40300);
  });

  it('leap day: an MM-DD rule for 29 February applies in leap years, and nights count it', () => {
    const leap = rule('leap', 1, [{ field: 'date', op: 'eq', value: '02-29' }], { type: 'PERCENT', value: 50 });
    const d = data({ rates: [withRules(base, 'leap')], rules: [leap] });
    expect(quoteStay(d, stay({ checkIn: '2028-02-28', checkOut: '2028-03-01', today: '2028-01-01' })).nights.map((n) => [n.date, n.price])).toEqual([
      ['2028-02-28', 10000],
      ['2028-02-29', 15000],
    ]);
    expect(prices(d, { checkIn: '2027-02-28', checkOut: '2027-03-01', today: '2027-01-01' })).toEqual([10000]);
  });

  it('skips and reports an invalid stored rule; ignores inactive and unassigned ones', () => {
    const broken = rule('broken', 99, [{ field: 'month', op: 'eq', value: 13 }], { type: 'PERCENT', value: 50 });
    const off = { ...rule('off', 1, [], { type: 'PERCENT', value: 50 }), isActive: false };
    const other = rule('other', 1, [], { type: 'PERCENT', value: 50 });
    const q = quoteStay(data({ rates: [withRules(base, 'broken', 'off', 'missing')], rules: [broken, off, other] }), stay());
    expect(q.accommodation).toBe(40000);
    expect(q.warnings).toEqual([{ code: 'invalidRule', ruleId: 'broken', errors: [{ path: 'conditions.0.value', code: 'invalidMonth' }] }]);
  });

  it('FIX rule amounts are in the rate currency: 5000 on a HUF rate is 5000 Ft', () => {
    const huf: PricingRate = { ...base, id: 'huf', currency: 'HUF', price: 40000, minPrice: null, maxPrice: null, ruleIds: ['fix'] };
    expect(prices(data({ rates: [huf], rules: [rule('fix', 1, [], { type: 'FIX', value: 5000 })] }), { rateId: 'huf' })[0]).toBe(45000);
  });
});

describe('derived rates', () => {
  it("follow the parent's final nightly price (date prices, rules, clamp), then their own change", () => {
    const d = data({ rates: [withRules(base, 'weekend'), nonref], rules: [weekend], rateDays: { base: { '2026-11-29': { price: 50000 } } } });
    // parent: 10000, 11500, 11500, 50000 → clamp 30000; derived -10%: 9000, 10350, 10350, 27000
    expect(prices(d, { rateId: 'nonref' })).toEqual([9000, 10350, 10350, 27000]);
  });

  it('by an amount, with own modifiers, own rules and own clamp', () => {
    const own = rule('own', 1, [{ field: 'weekday', op: 'eq', value: 6 }], { type: 'FIX', value: -5 });
    const child: PricingRate = { ...nonref, derivation: { ...nonref.derivation!, kind: 'FIX', change: -1500 }, modifiers: [{ direction: 'increase', kind: 'PERCENT', value: 10 }], ruleIds: ['own'], minPrice: 9000 };
    // 10000 - 1500 = 8500, +10% = 9350; Saturday -500 = 8850 → min 9000
    expect(prices(data({ rates: [base, child], rules: [own] }), { rateId: 'nonref' })).toEqual([9350, 9350, 9000, 9350]);
  });

  it('a date price on the derived rate replaces the derivation for that night', () => {
    expect(prices(data({ rateDays: { nonref: { '2026-11-27': { price: 5000 } } } }), { rateId: 'nonref' })).toEqual([9000, 5000, 9000, 9000]);
  });

  it('chain: grandchild of the parent', () => {
    const leaf: PricingRate = { ...nonref, id: 'leaf', derivation: { parentId: 'nonref', kind: 'FIX', change: -900, inheritClosedToArrival: true, inheritClosedToDeparture: true } };
    expect(prices(data({ rates: [base, nonref, leaf] }), { rateId: 'leaf' })).toEqual([8100, 8100, 8100, 8100]);
  });

  it('without date prices and rules, equal ratePricing.resolveRate for every shape', () => {
    const shapes: Partial<PricingRate>[] = [
      {},
      { modifiers: [{ direction: 'increase', kind: 'FIX', value: 1000 }] },
      { modifiers: [{ direction: 'decrease', kind: 'PERCENT', value: 12.5 }], minPrice: 8000 },
      { derivation: { parentId: 'p', kind: 'PERCENT', change: -10, inheritClosedToArrival: true, inheritClosedToDeparture: true } },
      { derivation: { parentId: 'p', kind: 'FIX', change: 2500, inheritClosedToArrival: false, inheritClosedToDeparture: true }, maxPrice: 11000 },
      { derivation: { parentId: 'p', kind: 'PERCENT', change: 33.3333, inheritClosedToArrival: false, inheritClosedToDeparture: false }, modifiers: [{ direction: 'decrease', kind: 'FIX', value: 333 }] },
    ];
    for (const parentPrice of [0, 1, 9999, 12345, 8_765_432]) {
      const parent: PricingRate = { id: 'p', occupancy: 2, currency: 'EUR', price: parentPrice, modifiers: [{ direction: 'increase', kind: 'PERCENT', value: 7 }] };
      for (const shape of shapes) {
        const rate: PricingRate = { id: 'r', occupancy: 2, currency: 'EUR', price: 10101, ...shape };
        const old = new Map<string, RateOnDate>([parent, rate].map((r) => [r.id, { id: r.id, price: r.price, minPrice: r.minPrice, maxPrice: r.maxPrice, modifiers: r.modifiers, derivation: r.derivation }]));
        const got = quoteStay(data({ rates: [parent, rate] }), stay({ rateId: 'r', checkOut: '2026-11-27' })).nights[0].price;
        expect(got, JSON.stringify({ parentPrice, shape })).toBe(resolveRate('r', old).price);
      }
    }
  });

  it('report cycles, missing parents, unknown rates and mixed currencies', () => {
    const a: PricingRate = { ...nonref, id: 'a', derivation: { ...nonref.derivation!, parentId: 'b' } };
    const b: PricingRate = { ...nonref, id: 'b', derivation: { ...nonref.derivation!, parentId: 'a' } };
    const code = (d: PricingData, rateId: string) => {
      try {
        quoteStay(d, stay({ rateId }));
        return null;
      } catch (e) {
        return e instanceof PricingError ? e.code : String(e);
      }
    };
    expect(code(data({ rates: [a, b] }), 'a')).toBe('cycle');
    expect(code(data({ rates: [nonref] }), 'nonref')).toBe('missingParent');
    expect(code(data(), 'nope')).toBe('unknownRate');
    expect(code(data({ rates: [{ ...base, currency: 'HUF' }, nonref] }), 'nonref')).toBe('currencyMismatch');
  });
});

describe('restrictions and reasons', () => {
  it('closed nights: the unit, the rate, or the parent of a derived rate', () => {
    expect(quoteStay(data({ unitDays: { '2026-11-28': { closed: true } } }), stay()).reasons).toEqual([{ code: 'closed', params: { dates: ['2026-11-28'] } }]);
    expect(reasonCodes(data({ rateDays: { base: { '2026-11-26': { closed: true } } } }))).toEqual(['closed']);
    expect(reasonCodes(data({ rateDays: { base: { '2026-11-26': { closed: true } } } }), { rateId: 'nonref' })).toEqual(['closed']);
    expect(reasonCodes(data({ rateDays: { nonref: { '2026-11-26': { closed: true } } } }))).toEqual([]);
    // closed on the departure day does not matter: it is not a night of the stay
    expect(reasonCodes(data({ unitDays: { '2026-11-30': { closed: true } } }))).toEqual([]);
    // prices of closed nights are still given
    expect(quoteStay(data({ unitDays: { '2026-11-28': { closed: true } } }), stay()).accommodation).toBe(40000);
  });

  it('closed to arrival on the check-in day, own or inherited', () => {
    const cta = { base: { '2026-11-26': { closedToArrival: true } } };
    expect(quoteStay(data({ rateDays: cta }), stay()).reasons).toEqual([{ code: 'closedToArrival', params: { date: '2026-11-26' } }]);
    expect(reasonCodes(data({ rateDays: cta }), { checkIn: '2026-11-25' })).toEqual([]); // a stay through it is fine
    expect(reasonCodes(data({ rateDays: cta }), { rateId: 'nonref' })).toEqual(['closedToArrival']); // inherits CTA
    const noInherit: PricingRate = { ...nonref, derivation: { ...nonref.derivation!, inheritClosedToArrival: false } };
    expect(reasonCodes(data({ rates: [base, noInherit], rateDays: cta }), { rateId: 'nonref' })).toEqual([]);
    // inheriting never lifts the rate's own restriction
    expect(reasonCodes(data({ rateDays: { nonref: { '2026-11-26': { closedToArrival: true } } } }), { rateId: 'nonref' })).toEqual(['closedToArrival']);
  });

  it('closed to departure on the check-out day, own or inherited', () => {
    const ctd = { base: { '2026-11-30': { closedToDeparture: true } } };
    expect(quoteStay(data({ rateDays: ctd }), stay()).reasons).toEqual([{ code: 'closedToDeparture', params: { date: '2026-11-30' } }]);
    expect(reasonCodes(data({ rateDays: ctd }), { checkOut: '2026-12-01' })).toEqual([]);
    expect(reasonCodes(data({ rateDays: ctd }), { rateId: 'nonref' })).toEqual([]); // nonref does not inherit CTD
    const inherit: PricingRate = { ...nonref, derivation: { ...nonref.derivation!, inheritClosedToDeparture: true } };
    expect(reasonCodes(data({ rates: [base, inherit], rateDays: ctd }), { rateId: 'nonref' })).toEqual(['closedToDeparture']);
  });

  it('minimum stay on the arrival day: the larger of the unit and the rate (date value, else default)', () => {
    const minStay = (f: Fixture, over: Partial<StayRequest> = {}) => quoteStay(data(f), stay(over)).reasons.find((r) => r.code === 'minStay')?.params ?? null;
    expect(minStay({ rates: [{ ...base, minStay: 5 }] })).toEqual({ minStay: 5, nights: 4 });
    expect(minStay({ rates: [{ ...base, minStay: 5 }], rateDays: { base: { '2026-11-26': { minStay: 2 } } } })).toBeNull(); // the date value replaces the default
    expect(minStay({ rateDays: { base: { '2026-11-26': { minStay: 6 } } }, unitDays: { '2026-11-26': { minStay: 3 } } })).toEqual({ minStay: 6, nights: 4 });
    expect(minStay({ unitDays: { '2026-11-26': { minStay: 7 } } })).toEqual({ minStay: 7, nights: 4 });
    // only the arrival day counts (Airbnb, Booking.com default): a min stay later in the stay does not
    expect(minStay({ unitDays: { '2026-11-28': { minStay: 7 } } })).toBeNull();
    expect(minStay({ rates: [{ ...base, minStay: 4 }] })).toBeNull(); // exactly the minimum
  });

  it('maximum stay of the rate', () => {
    expect(quoteStay(data(), stay({ checkOut: '2026-12-10' })).reasons).toEqual([]); // exactly 14 nights
    expect(quoteStay(data(), stay({ checkOut: '2026-12-11' })).reasons).toEqual([{ code: 'maxStay', params: { maxStay: 14, nights: 15 } }]);
  });

  it('maximum stay on the arrival day: the smaller of the unit and the rate (date value, else default)', () => {
    const maxStay = (f: Fixture, over: Partial<StayRequest> = {}) => quoteStay(data(f), stay(over)).reasons.find((r) => r.code === 'maxStay')?.params ?? null;
    expect(maxStay({ rateDays: { base: { '2026-11-26': { maxStay: 3 } } } })).toEqual({ maxStay: 3, nights: 4 });
    expect(maxStay({ rateDays: { base: { '2026-11-26': { maxStay: 4 } } } })).toBeNull(); // exactly the maximum
    // the rate's date value replaces its default (a longer holiday stay), the unit's only tightens
    expect(maxStay({ rateDays: { base: { '2026-11-26': { maxStay: 30 } } } }, { checkOut: '2026-12-16' })).toBeNull(); // 20 nights > rate default 14
    expect(maxStay({ rateDays: { base: { '2026-11-26': { maxStay: 30 } } }, unitDays: { '2026-11-26': { maxStay: 10 } } }, { checkOut: '2026-12-16' })).toEqual({ maxStay: 10, nights: 20 });
    expect(maxStay({ unitDays: { '2026-11-26': { maxStay: 2 } } })).toEqual({ maxStay: 2, nights: 4 });
    expect(maxStay({ unitDays: { '2026-11-26': { maxStay: 2 } } }, { rateId: 'nonref' })).toEqual({ maxStay: 2, nights: 4 }); // the unit's binds every rate
    expect(maxStay({}, { rateId: 'nonref', checkOut: '2027-01-30' })).toBeNull(); // nonref has no maximum of its own
    // only the arrival day counts: a maximum on a later night of the stay does not
    expect(maxStay({ unitDays: { '2026-11-27': { maxStay: 1 } }, rateDays: { base: { '2026-11-28': { maxStay: 1 } } } })).toBeNull();
    // the first and the last allowed night: a 1-night maximum allows exactly one night
    expect(maxStay({ unitDays: { '2026-11-26': { maxStay: 1 } } }, { checkOut: '2026-11-27' })).toBeNull();
    expect(maxStay({ unitDays: { '2026-11-26': { maxStay: 1 } } }, { checkOut: '2026-11-28' })).toEqual({ maxStay: 1, nights: 2 });
  });

  it("guests: within the rate's occupancy (infants free) and the unit's capacity", () => {
    expect(reasonCodes(data(), { adults: 2, children: 2, infants: 3 })).toEqual([]);
    expect(quoteStay(data(), stay({ adults: 3, children: 2 })).reasons).toEqual([{ code: 'occupancy', params: { occupancy: 4, guests: 5 } }]);
    const capacity = { adults: 2, children: 1, infants: 1 };
    expect(quoteStay(data({ capacity }), stay({ adults: 2, children: 1, infants: 2 })).reasons).toEqual([{ code: 'capacity', params: capacity }]);
    expect(reasonCodes(data({ capacity }), { adults: 2, children: 1, infants: 1 })).toEqual([]);
  });

  it('nights already booked', () => {
    const booked = bookedNightsOf([{ checkin: '2026-11-20', checkout: '2026-11-27' }, { checkin: '2026-11-29', checkout: '2026-12-05' }], '2026-11-26', '2026-11-30');
    expect([...booked]).toEqual(['2026-11-26', '2026-11-29']);
    expect(quoteStay(data({ booked: [...booked] }), stay()).reasons).toEqual([{ code: 'booked', params: { dates: ['2026-11-26', '2026-11-29'] } }]);
    // a stay ending the day another starts is fine: nights are [checkin, checkout)
    expect(reasonCodes(data({ booked: ['2026-11-30'] }))).toEqual([]);
  });

  it('lists every broken rule once, in a fixed order', () => {
    const d = data({ capacity: { adults: 1, children: 0, infants: 0 }, unitDays: { '2026-11-27': { closed: true }, '2026-11-26': { minStay: 9 } }, rateDays: { base: { '2026-11-26': { closedToArrival: true }, '2026-11-30': { closedToDeparture: true } } }, booked: ['2026-11-28'] });
    const q = quoteStay(d, stay({ adults: 5 }));
    expect(q.bookable).toBe(false);
    expect(q.reasons.map((r) => r.code)).toEqual<UnbookableCode[]>(['capacity', 'occupancy', 'closed', 'booked', 'closedToArrival', 'closedToDeparture', 'minStay']);
  });

  it('refuses impossible stays', () => {
    for (const bad of [{ checkOut: '2026-11-26' }, { checkOut: '2026-11-25' }, { checkIn: '2026-02-30' }, { today: 'today' }, { adults: -1 }, { children: 1.5 }]) {
      expect(() => quoteStay(data(), stay(bad as Partial<StayRequest>)), JSON.stringify(bad)).toThrowError(PricingError);
    }
  });

  it('has a message for every reason in both languages, with plural forms where counted', () => {
    const all: UnbookableCode[] = ['closed', 'booked', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay', 'occupancy', 'capacity'];
    const counted = new Set(['minStay', 'maxStay', 'occupancy']);
    for (const locale of ['en', 'hu']) {
      const file = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../../public/locales/${locale}/calendar.json`), 'utf8'));
      for (const code of all) {
        const [ns, key] = reasonKey(code).split(':');
        expect(ns).toBe('calendar');
        const keys = counted.has(code) ? [`${key}_one`, `${key}_other`] : [key];
        for (const k of keys) expect(k.split('.').reduce((o, p) => o?.[p], file), `${locale} ${k}`).toEqual(expect.any(String));
      }
    }
    expect(reasonValues({ code: 'closed', params: { dates: ['2026-11-26', '2026-11-27'] } })).toEqual({ dates: '2026-11-26, 2026-11-27' });
    expect(reasonValues({ code: 'minStay', params: { minStay: 3, nights: 2 } })).toEqual({ minStay: 3, nights: 2, count: 3 });
  });
});

describe('fees and tourist tax', () => {
  const fee = (over: Partial<FeeRule>): FeeRule => ({ id: 'f', name: 'Fee', type: 'FIX', value: 2500, currency: 'EUR', perNight: false, perGuest: false, ...over });
  const s = { nights: 4, guests: 3, accommodation: 40000, currency: 'EUR' as const };

  it('FIX per stay, per night, per guest, both; PERCENT of the accommodation fee', () => {
    expect(feeAmount(fee({}), s)).toBe(2500);
    expect(feeAmount(fee({ perNight: true }), s)).toBe(10000);
    expect(feeAmount(fee({ perGuest: true }), s)).toBe(7500);
    expect(feeAmount(fee({ perNight: true, perGuest: true }), s)).toBe(30000);
    expect(feeAmount(fee({ type: 'PERCENT', value: 12.5, perNight: true, perGuest: true }), s)).toBe(5000);
  });

  it('converts a fee in the other currency, exactly, and needs the exchange rate for it', () => {
    expect(feeAmount(fee({}), { ...s, currency: 'HUF' }, 395.5)).toBe(9888); // 25 EUR × 395.5 = 9887.5 → 9888
    expect(convert(10000, 'HUF', 'EUR', 400)).toBe(2500);
    expect(() => feeAmount(fee({}), { ...s, currency: 'HUF' })).toThrowError(PricingError);
  });

  it('refuses a fee or a total past 2^53 minor units instead of answering a rounded amount', () => {
    // 9999999999.99 EUR per night and guest, 365 nights, 100 guests: 364999999999635.00 EUR, which
    // a number holds only as 364999999999635.06.
    const huge = fee({ value: 999_999_999_999, perNight: true, perGuest: true });
    const code = (run: () => unknown) => {
      try {
        run();
        return 'answered';
      } catch (e) {
        return e instanceof PricingError ? e.code : String(e);
      }
    };
    expect(code(() => feeAmount(huge, { ...s, nights: 365, guests: 100 }))).toBe('amountTooLarge');
    // The largest fee a stay can hold exactly is still answered, to the cent.
    expect(feeAmount(fee({ value: 999_999_999_999, perNight: true, perGuest: true }), { ...s, nights: 9, guests: 1 })).toBe(8_999_999_999_991);
    // Two fees that fit one by one but not together.
    const half = fee({ value: 4_600_000_000_000_000 });
    expect(code(() => quoteStay(data(), stay(), { fees: [half, { ...half, id: 'g' }] }))).toBe('amountTooLarge');
  });

  it('adds fees and the tourist tax charged on top to the total; inclusive tax is already inside', () => {
    const budapest: TouristTaxRange = { id: 'bp', type: 'PERCENT', currency: 'HUF', inclusive: false, value: 4, validFrom: '2026-01-01', validTo: null, maxNights: null };
    const q = quoteStay(data(), stay({ children: 1 }), { fees: [fee({ name: 'Late check-out' })], taxRanges: [budapest] });
    // 400 EUR over 3 guests, 2 adults taxable: 4% of 266.67 = 10.67 EUR
    expect(q).toMatchObject({ accommodation: 40000, fees: [{ id: 'f', name: 'Late check-out', amount: 2500 }], feesTotal: 2500, total: 40000 + 2500 + 1067 });
    expect(q.touristTax).toMatchObject({ total: 1067, addedToFee: 1067, includedInFee: 0 });
    const inclusive = quoteStay(data(), stay(), { taxRanges: [{ ...budapest, inclusive: true }] });
    expect(inclusive).toMatchObject({ total: 40000, touristTax: { includedInFee: 1538 } });
  });

  it('warns instead of failing when a fixed tax in the other currency has no exchange rate', () => {
    const fixHuf: TouristTaxRange = { id: 'fx', type: 'FIX', currency: 'HUF', inclusive: false, value: 680, validFrom: null, validTo: null, maxNights: 30 };
    const q = quoteStay(data(), stay(), { taxRanges: [fixHuf] });
    expect(q).toMatchObject({ touristTax: null, total: 40000, warnings: [{ code: 'touristTaxNeedsExchangeRate' }] });
    expect(quoteStay(data(), stay(), { taxRanges: [fixHuf], eurHuf: 400 }).touristTax?.total).toBe(1360); // 680 × 2 × 4 = 5440 Ft = 13.60 EUR
  });
});

describe('calendar', () => {
  it("prices each day as the first night of the shortest stay allowed to start there, with the day's restrictions", () => {
    const weekly = rule('weekly', 1, [{ field: 'nights', op: 'gte', value: 3 }], { type: 'PERCENT', value: -10 });
    const d = data({ rates: [withRules(base, 'weekend', 'weekly'), nonref], rules: [weekend, weekly], unitDays: { '2026-11-28': { minStay: 3 }, '2026-11-29': { closed: true } }, rateDays: { base: { '2026-11-27': { closedToArrival: true } } }, booked: ['2026-11-26'] });
    const days = priceCalendar(d, { rateId: 'base', from: '2026-11-26', to: '2026-11-30', today: '2026-11-01' });
    expect(days.map((x) => [x.date, x.price, x.minStay, x.closed, x.closedToArrival, x.booked])).toEqual([
      ['2026-11-26', 10000, 1, false, false, true],
      ['2026-11-27', 11500, 1, false, true, false],
      ['2026-11-28', 10350, 3, false, false, false], // Saturday, min stay 3: +15% then -10%
      ['2026-11-29', 10000, 1, true, false, false],
    ]);
    expect(priceCalendar(d, { rateId: 'nonref', from: '2026-11-26', to: '2026-11-28', today: '2026-11-01', nights: 7 }).map((x) => x.price)).toEqual([8100, 9315]);
    expect(() => priceCalendar(d, { rateId: 'base', from: '2026-11-26', to: '2026-11-26', today: '2026-11-01' })).toThrowError(PricingError);
  });

  it("shows each day's maximum stay: the rate's default, a date's own, or the unit's when smaller", () => {
    const d = data({ unitDays: { '2026-11-28': { maxStay: 5 } }, rateDays: { base: { '2026-11-27': { maxStay: 21 } } } });
    expect(priceCalendar(d, { rateId: 'base', from: '2026-11-26', to: '2026-11-29', today: '2026-11-01' }).map((x) => x.maxStay)).toEqual([14, 21, 5]);
    expect(priceCalendar(d, { rateId: 'nonref', from: '2026-11-26', to: '2026-11-29', today: '2026-11-01' }).map((x) => x.maxStay)).toEqual([null, null, 5]);
  });
});
