import { describe, expect, it } from 'vitest';
import { rateRow as fixture } from '@/test/rateRows';
import { quoteStay } from './engine';
import { feeFromRow, pricingDataFromRows, RowError, taxRangeFromRow, type RateRow } from './rows';

const rateRow = (over: Partial<RateRow> = {}): RateRow => ({
  ...fixture({ id: 'std', price: '95.00', min_price: '66.50', max_price: '190.00', min_stay: 2, max_stay: 30 }),
  rate_dates: [],
  price_rule_assignments: [],
  ...over,
});

describe('rows to the engine', () => {
  it('reads numerics given as strings or numbers into minor units, with modifiers, derivation, dates and rules', () => {
    const weekend = { id: 'w', name: 'Weekend +15%', type: 'simple', priority: 10, conditions: [{ field: 'weekday', op: 'in', value: [5, 6] }], results: { type: 'PERCENT', value: 15 }, is_active: true };
    const data = pricingDataFromRows({
      unit: { occ_adults: 2, occ_children: 1, occ_infants: 1, unit_dates: [{ date: '2026-12-31', is_closed: false, min_stay: 3, max_stay: 7 }] },
      rates: [
        rateRow({ modifier_direction: 'increase', modifier_type: 'FIX', modifier_value: '10.00', rate_dates: [{ date: '2026-12-30', price: '152.00', is_closed: false, closed_to_arrival: true, closed_to_departure: false, min_stay: 3, max_stay: 10 }], price_rule_assignments: [{ price_rule: weekend }, { price_rule: null }] }),
        rateRow({ id: 'nr', name: 'Non-refundable', parent_rate_id: 'std', derived_change_type: 'PERCENT', derived_change_value: -10, inherit_closed_to_arrival: true, min_price: null, max_price: null }),
      ],
      stays: [{ checkin: '2026-12-20', checkout: '2026-12-29' }],
      from: '2026-12-28',
      to: '2027-01-02',
    });
    expect(data.rates.get('std')).toMatchObject({ price: 9500, minPrice: 6650, maxPrice: 19000, modifiers: [{ direction: 'increase', kind: 'FIX', value: 1000 }], ruleIds: ['w'] });
    expect(data.rates.get('nr')?.derivation).toEqual({ parentId: 'std', kind: 'PERCENT', change: -10, inheritClosedToArrival: true, inheritClosedToDeparture: false });
    expect(data.rateDays?.get('std')?.get('2026-12-30')).toEqual({ price: 15200, closed: false, closedToArrival: true, closedToDeparture: false, minStay: 3, maxStay: 10 });
    expect(data.unitDays?.get('2026-12-31')).toEqual({ closed: false, minStay: 3, maxStay: 7 });
    expect([...(data.bookedNights ?? [])]).toEqual(['2026-12-28']);
    expect(data.capacity).toEqual({ adults: 2, children: 1, infants: 1 });
    // 2026-12-30 is a Wednesday: 152 + 10 = 162; 31st: 95 + 10 = 105; derived -10%
    const q = quoteStay(data, { rateId: 'nr', checkIn: '2026-12-30', checkOut: '2027-01-01', adults: 2, today: '2026-11-22' });
    expect(q.nights.map((n) => n.price)).toEqual([14580, 9450]);
    expect(q.reasons.map((r) => r.code)).toEqual(['closedToArrival']);
  });

  it('reads fees and tax ranges; refuses unknown currencies and amount types', () => {
    expect(feeFromRow({ id: 'f', name: 'Late check-out', type: 'FIX', value: '25.00', currency: 'EUR', per_night: false, per_guest: false })).toEqual({ id: 'f', name: 'Late check-out', type: 'FIX', value: 2500, currency: 'EUR', perNight: false, perGuest: false });
    expect(taxRangeFromRow({ id: 't', type: 'FIX', currency: 'HUF', inclusive: false, value: '680.00', valid_from: '2025-01-01', valid_to: '2025-12-31', max_nights: 30, issue_on_cleaning: true })).toMatchObject({ value: 680, maxNights: 30, validTo: '2025-12-31' });
    expect(() => feeFromRow({ id: 'f', name: 'x', type: 'FIX', value: 1, currency: 'USD', per_night: false, per_guest: false })).toThrowError(RowError);
    expect(() => taxRangeFromRow({ id: 't', type: 'HALF', currency: 'HUF', inclusive: false, value: 1, valid_from: null, valid_to: null, max_nights: null, issue_on_cleaning: false })).toThrowError(RowError);
  });
});
