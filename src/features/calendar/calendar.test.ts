// The calendar's pure pieces: stored settings (corrupt values fall back), the day axis and data
// windows, range selection by pointer and keyboard, bulk-edit input, rows and engine prices.
import { describe, expect, it } from 'vitest';
import { toDay } from '@/domain/pricing';
import { CHUNK_DAYS, rangeAround, UNIT_CHUNK, unitSpanFor, windowFor } from './axis';
import { parseArrivalDeparture, parseNights, parsePrice } from './bulkEdit';
import { calendarCapabilitiesFor } from './capabilities';
import { buildRows, hasStayIn, lazyPriceIndex, mainRate, priceUnit, rulesById, stableRows, unitsFromOccupancy, unitsFromWindow, type WindowView } from './model';
import { nextSlice } from './hooks/useRowByRowWindow';
import { extendSelection, keyMove, selectedStay, startSelection } from './selection';
import { DEFAULT_SETTINGS, parseFlag, parseIdList } from './settings';
import { newBookingUrl } from './urls';
import type { CalendarRateDateFragment, CalendarRatePricingFragment } from './graphql/fragments.generated';
import { rateRow } from '@/test/rateRows';

describe('settings', () => {
  it('defaults as the spec says', () => {
    expect(DEFAULT_SETTINGS).toEqual({ hideChildRates: false, hideRates: true, smoothScrolling: false, accommodationIds: [], filterIds: [] });
  });
  it.each([null, '', 'not json', '{"a":1}', '[1,2]', '"abc"', '[""]', '[null]', JSON.stringify(Array(501).fill('x'))])('an unreadable id list %j is empty', (stored) => {
    expect(parseIdList(stored)).toEqual([]);
  });
  it('reads a stored id list and drops repeats', () => {
    expect(parseIdList('["a","b","a"]')).toEqual(['a', 'b']);
  });
  it.each([null, '', 'yes', '1', '"true"', '{}', 'TRUE', 'false'])('an unreadable or false flag %j is false', (stored) => {
    expect(parseFlag(stored)).toBe(false);
  });
  it('reads a stored true', () => expect(parseFlag('true')).toBe(true));
});

describe('axis', () => {
  it('starts the range on the first of the month before the focused date', () => {
    expect(rangeAround(toDay('2026-03-15')).from).toBe(toDay('2026-02-01'));
    expect(rangeAround(toDay('2026-01-10')).from).toBe(toDay('2025-12-01'));
  });
  it('loads from the chunk of the first visible night, for the visible width plus a chunk', () => {
    const range = { from: toDay('2026-01-01'), to: toDay('2026-01-01') + 400 };
    expect(windowFor(range, 0, 20)).toEqual({ from: range.from, to: range.from + 2 * CHUNK_DAYS });
    expect(windowFor(range, 30, 50)).toEqual({ from: range.from + CHUNK_DAYS, to: range.from + 3 * CHUNK_DAYS });
    // Always covers what is visible, and a wider screen gets a longer window.
    expect(windowFor(range, 27, 47).to).toBeGreaterThan(range.from + 47);
    expect(windowFor(range, 0, 40)).toEqual({ from: range.from, to: range.from + 3 * CHUNK_DAYS });
    // Scrolling within a chunk keeps the window (no new subscription); crossing one changes it once.
    const windows = new Set(Array.from({ length: 56 }, (_, i) => JSON.stringify(windowFor(range, i, i + 20))));
    expect(windows.size).toBe(2);
    expect(windowFor(range, 390, 399).to).toBe(range.to);
  });
  it('loads the units of the rows on screen from their chunk, for the shown units plus a chunk', () => {
    expect(unitSpanFor(0, 15)).toEqual({ from: 0, to: 3 * UNIT_CHUNK });
    expect(unitSpanFor(10, 25)).toEqual({ from: UNIT_CHUNK, to: 4 * UNIT_CHUNK });
    // Always covers what is shown.
    for (let first = 0; first < 40; first += 1) {
      const span = unitSpanFor(first, first + 15);
      expect(span.from).toBeLessThanOrEqual(first);
      expect(span.to).toBeGreaterThan(first + 15);
    }
    // Scrolling a few rows keeps the span (no new subscription); crossing a chunk changes it once.
    const spans = new Set(Array.from({ length: 2 * UNIT_CHUNK }, (_, i) => JSON.stringify(unitSpanFor(i, i + 15))));
    expect(spans.size).toBe(2);
  });
});

describe('selection', () => {
  const row = { key: 'u:1', unitId: '1', rateId: null };
  it('drags a range on one row, in either direction, and ignores other rows', () => {
    const s = startSelection(row, 10);
    expect(extendSelection(s, 'u:2', 14)).toBe(s);
    const back = extendSelection(s, 'u:1', 7);
    expect(selectedStay(back, 100)).toEqual({ arrival: 107, departure: 111 });
  });
  it('moves with arrows, extends with Shift, stays in the grid', () => {
    const size = { columns: 30, rows: 5 };
    expect(keyMove('ArrowRight', true, { column: 3, row: 1 }, size)).toEqual({ column: 4, row: 1, extend: true });
    expect(keyMove('ArrowLeft', false, { column: 0, row: 1 }, size)).toEqual({ column: 0, row: 1, extend: false });
    expect(keyMove('ArrowDown', false, { column: 3, row: 4 }, size)).toEqual({ column: 3, row: 4, extend: false });
    expect(keyMove('ArrowDown', true, { column: 3, row: 1 }, size)).toBeNull();
    expect(keyMove('End', true, { column: 3, row: 1 }, size)).toEqual({ column: 29, row: 1, extend: true });
    expect(keyMove('PageDown', false, { column: 27, row: 1 }, size)).toEqual({ column: 29, row: 1, extend: false });
    expect(keyMove('a', false, { column: 3, row: 1 }, size)).toBeNull();
  });
  it('links a free range to a new booking', () => {
    expect(newBookingUrl('u1', '2026-05-01', '2026-05-04')).toBe('/bookings/new?unit=u1&arrival=2026-05-01&departure=2026-05-04');
  });
});

describe('bulk edit input', () => {
  it('reads prices with the currency decimals; empty clears', () => {
    expect(parsePrice(' 85,5 ', 'EUR')).toEqual({ ok: true, value: 85.5 });
    expect(parsePrice('', 'EUR')).toEqual({ ok: true, value: null });
    expect(parsePrice('32 000', 'HUF')).toEqual({ ok: true, value: 32000 });
    expect(parsePrice('10.5', 'HUF')).toEqual({ ok: false, error: 'calendar:edit.errors.priceWhole' });
    expect(parsePrice('-5', 'EUR')).toEqual({ ok: false, error: 'calendar:edit.errors.priceFormat' });
    expect(parsePrice('1.234', 'EUR')).toEqual({ ok: false, error: 'calendar:edit.errors.priceFormat' });
    expect(parsePrice('10000001', 'EUR')).toEqual({ ok: false, error: 'calendar:edit.errors.priceTooHigh' });
  });
  it('reads a minimum or maximum stay from 1 to 365; empty clears', () => {
    expect(parseNights('3')).toEqual({ ok: true, value: 3 });
    expect(parseNights(' ')).toEqual({ ok: true, value: null });
    expect(parseNights('0')).toEqual({ ok: false, error: 'calendar:edit.errors.nightsRange' });
    expect(parseNights('366')).toEqual({ ok: false, error: 'calendar:edit.errors.nightsRange' });
    expect(parseNights('2.5')).toEqual({ ok: false, error: 'calendar:edit.errors.nightsWhole' });
  });
  it('changes closed to arrival / departure only on the sides chosen, and at least one', () => {
    expect(parseArrivalDeparture('keep', 'keep')).toEqual({ ok: false, error: 'calendar:edit.errors.nothingChosen' });
    expect(parseArrivalDeparture('closed', 'keep')).toEqual({ ok: true, value: { closedToArrival: true, closedToDeparture: null } });
    expect(parseArrivalDeparture('keep', 'open')).toEqual({ ok: true, value: { closedToArrival: null, closedToDeparture: false } });
  });
});

describe('capabilities', () => {
  it('lets the office and managers edit; owners, communicators and cleaners look', () => {
    expect(calendarCapabilitiesFor('member').edit).toBe(true);
    expect(calendarCapabilitiesFor('manager').edit).toBe(true);
    expect(calendarCapabilitiesFor('owner')).toMatchObject({ edit: false, readsPrices: true });
    expect(calendarCapabilitiesFor('communicator').edit).toBe(false);
    expect(calendarCapabilitiesFor('cleaner')).toMatchObject({ edit: false, readsPrices: false });
  });
});

const rate = (id: string, over: Partial<CalendarRatePricingFragment & { rate_dates: CalendarRateDateFragment[] }> = {}) => ({
  ...rateRow({ id, name: `Rate ${id}` }),
  rate_dates: [] as CalendarRateDateFragment[],
  price_rule_assignments: [] as CalendarRatePricingFragment['price_rule_assignments'],
  ...over,
});

describe('model', () => {
  const window = { from: toDay('2026-05-01'), to: toDay('2026-05-08') };
  const unitRow = {
    id: 'u1',
    name: 'Studio',
    accommodation_id: 'a1',
    occ_adults: 2,
    occ_children: 0,
    occ_infants: 0,
    accommodation: { name: 'Andrássy' },
    unit_dates: [{ date: '2026-05-03', is_closed: true, min_stay: null, max_stay: null }],
    rates: [
      rate('r1', {
        rate_dates: [{ date: '2026-05-02', price: '150', is_closed: false, closed_to_arrival: false, closed_to_departure: false, min_stay: null, max_stay: null }],
        price_rule_assignments: [{ price_rule_id: 'p1' }],
      }),
      rate('r2', { parent_rate_id: 'r1', derived_change_type: 'PERCENT', derived_change_value: '-10' }),
    ],
    booked_units: [{ id: 'b1', checkin: '2026-05-05', checkout: '2026-05-07', booking: { id: 'bk1', customer_name: 'Kovács Anna', channel: 'airbnb' } }],
  };
  // The window names rules by id; the rules arrive once, apart.
  const rules = rulesById([{ id: 'p1', name: 'Weekend', type: 'simple', priority: 1, conditions: [{ field: 'weekday', op: 'in', value: [6, 7] }], results: { type: 'PERCENT', value: 20 }, is_active: true }]);
  it('prices every night with the engine: date price, rules, derived rates', () => {
    const [unit] = unitsFromWindow([unitRow], window, rules);
    const prices = priceUnit(unit, window, toDay('2026-04-01'));
    // 2026-05-01 Friday 100; 05-02 Saturday: its own 150 + 20% weekend = 180; 05-03 Sunday 120.
    expect(prices.get('r1')!.map((d) => d.price)).toEqual([10000, 18000, 12000, 10000, 10000, 10000, 10000]);
    // The derived rate follows its parent's final price, 10% off; the unit's closed night closes it too.
    expect(prices.get('r2')!.slice(0, 3).map((d) => [d.price, d.closed])).toEqual([
      [9000, false],
      [16200, false],
      [10800, true],
    ]);
    // The lazy index gives the same nights, priced when first asked.
    expect(lazyPriceIndex([unit], window, toDay('2026-04-01')).get('r2')?.days).toEqual(prices.get('r2'));
    expect(lazyPriceIndex([unit], null, toDay('2026-04-01')).get('r1')).toBeUndefined();
    expect(unit.stays[0]).toMatchObject({ bookingId: 'bk1', guestName: 'Kovács Anna', checkin: toDay('2026-05-05') });
    expect(hasStayIn(unit, toDay('2026-05-01'), toDay('2026-05-05'))).toBe(false);
    expect(hasStayIn(unit, toDay('2026-05-06'), toDay('2026-05-08'))).toBe(true);
  });
  it('prices no night of a unit whose rate names a rule not arrived yet, and prices it once it has', () => {
    const [waiting] = unitsFromWindow([unitRow], window, new Map());
    // Without its weekend rule, Saturday would show 150 instead of 180: no price is shown instead.
    expect(waiting.pricing?.complete).toBe(false);
    expect(priceUnit(waiting, window, toDay('2026-04-01')).size).toBe(0);
    expect(lazyPriceIndex([waiting], window, toDay('2026-04-01')).get('r1')).toBeUndefined();
    // Rules of other rates do not stand in for it; the rule itself does.
    const [other] = unitsFromWindow([unitRow], window, rulesById([{ ...rules.get('p1')!, id: 'p2' }]));
    expect(priceUnit(other, window, toDay('2026-04-01')).size).toBe(0);
    const [ready] = unitsFromWindow([unitRow], window, rules);
    expect(priceUnit(ready, window, toDay('2026-04-01')).get('r1')![1].price).toBe(18000);
    // A rule shared by rates comes once and prices each of them.
    const shared = { ...unitRow, rates: [unitRow.rates[0], rate('r3', { price_rule_assignments: [{ price_rule_id: 'p1' }] })] };
    const [both] = unitsFromWindow([shared], window, rules);
    expect(priceUnit(both, window, toDay('2026-04-01')).get('r3')![1].price).toBe(12000);
  });
  it('builds rows: accommodations, units, rates unless hidden, derived rates unless hidden, collapsed groups', () => {
    const units = unitsFromWindow([unitRow], window, rules);
    const keys = (o: Parameters<typeof buildRows>[1]) => buildRows(units, o).map((r) => r.key);
    expect(keys({ hideRates: true, hideChildRates: false, collapsed: new Set() })).toEqual(['a:a1', 'u:u1']);
    expect(keys({ hideRates: false, hideChildRates: false, collapsed: new Set() })).toEqual(['a:a1', 'u:u1', 'r:r1', 'r:r2']);
    expect(keys({ hideRates: false, hideChildRates: true, collapsed: new Set() })).toEqual(['a:a1', 'u:u1', 'r:r1']);
    expect(keys({ hideRates: false, hideChildRates: false, collapsed: new Set(['a1']) })).toEqual(['a:a1']);
    expect(buildRows(units, { hideRates: true, hideChildRates: false, collapsed: new Set() })[1]).toMatchObject({ rateId: 'r1' });
    // A single-guest rate is not the unit's price: the root rate for the most guests is.
    const [withSingle] = unitsFromWindow([{ ...unitRow, rates: [rate('a-single', { occupancy: 1 }), ...unitRow.rates] }], window, rules);
    expect(mainRate(withSingle)?.id).toBe('r1');
  });
  it('keeps the rows of the last window when the next one brings the same rows', () => {
    const options = { hideRates: false, hideChildRates: false, collapsed: new Set<string>() };
    const first = buildRows(unitsFromWindow([unitRow], window, rules), options);
    // The next window: new unit objects, same units and rates -> the same rows, not re-measured.
    expect(stableRows(first, buildRows(unitsFromWindow([unitRow], { from: window.to, to: window.to + 7 }, rules), options))).toBe(first);
    // A renamed rate, a hidden rate or a collapsed group are new rows.
    const renamed = buildRows(unitsFromWindow([{ ...unitRow, rates: [unitRow.rates[0], { ...unitRow.rates[1], name: 'Weekly' }] }], window, rules), options);
    expect(stableRows(first, renamed)).toBe(renamed);
    const hidden = buildRows(unitsFromWindow([unitRow], window, rules), { ...options, hideChildRates: true });
    expect(stableRows(first, hidden)).toBe(hidden);
  });
  it('gives cleaners occupancy only', () => {
    const [unit] = unitsFromOccupancy([{ id: 'u1', name: 'Studio', accommodation_id: 'a1', accommodation: { name: 'A' }, booked_units: [{ id: 'b1', checkin: '2026-05-05', checkout: '2026-05-07', adults: 2, children: 1, infants: 0 }] }]);
    expect(unit.pricing).toBeNull();
    expect(unit.stays[0]).toMatchObject({ guestName: null, bookingId: null, guests: 3 });
    expect(priceUnit(unit, window, toDay('2026-04-01')).size).toBe(0);
  });
});

describe('a new window drawn row by row', () => {
  const view = (): WindowView & { prepared: string[] } => {
    const prepared: string[] = [];
    return { units: new Map(), prices: { get: () => undefined, prepare: (id) => void prepared.push(id) }, prepared };
  };
  it('prices rows on screen in order, skips those drawing the newest answer, and stops at the budget', () => {
    const old = view();
    const next = view();
    let clock = 0;
    // Each row's pricing takes 2 ms: a 5 ms budget moves three rows (the third crosses it).
    const now = () => clock;
    next.prices.prepare = (id) => {
      next.prepared.push(id);
      clock += 2;
    };
    const drawnBy = new Map([['u2', next]]);
    const slice = nextSlice(['u1', 'u2', 'u3', 'u4', 'u5'], (id) => drawnBy.get(id) ?? old, next, 5, now);
    expect(slice).toEqual(['u1', 'u3', 'u4']);
    expect(next.prepared).toEqual(['u1', 'u3', 'u4']);
    expect(old.prepared).toEqual([]);
    // A row whose pricing alone passes the budget still moves (a slice always moves on).
    next.prices.prepare = () => {
      clock += 50;
    };
    expect(nextSlice(['u5'], () => old, next, 5, now)).toEqual(['u5']);
    // Cheap rows still move at most `maxRows` a slice (their render and paint are the cost).
    next.prices.prepare = () => undefined;
    expect(nextSlice(['u1', 'u2', 'u3', 'u4', 'u5'], () => old, next, 5, now, 2)).toEqual(['u1', 'u2']);
    expect(nextSlice(['u1', 'u2', 'u3', 'u4', 'u5', 'u6'], () => old, next, 5, now)).toHaveLength(4);
    // Nothing left to move: the slice is empty and the newest answer becomes every row's.
    expect(nextSlice(['u1', 'u2'], () => next, next, 5, now)).toEqual([]);
  });
});
