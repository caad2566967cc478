import { describe, expect, it } from 'vitest';
import { rangeForNight, touristTaxForStay, TouristTaxError, type Stay, type TouristTaxRange } from './touristTax';

const budapest: TouristTaxRange = { id: 'bp', type: 'PERCENT', currency: 'HUF', inclusive: false, value: 4, validFrom: null, validTo: null, maxNights: null };
const stay = (over: Partial<Stay> = {}): Stay => ({ checkIn: '2026-07-01', checkOut: '2026-07-04', adults: 2, children: 0, infants: 0, accommodationFee: 60000, currency: 'HUF', ...over });

describe('tourist tax', () => {
  it("Budapest: 4% of the accommodation fee, added on top", () => {
    const result = touristTaxForStay(stay(), [budapest]);
    expect(result).toMatchObject({ currency: 'HUF', total: 2400, addedToFee: 2400, includedInFee: 0, netAccommodationFee: 60000, guestPays: 62400, untaxedNights: [] });
    expect(result.segments).toEqual([{ rangeId: 'bp', from: '2026-07-01', to: '2026-07-04', nights: 3, taxableGuests: 2, inclusive: false, amount: 2400 }]);
  });

  it('exempts under-18 guests: their share of a percent fee is untaxed', () => {
    // 60 000 over 3 guests, 2 adults taxable: base 40 000 → 4% = 1 600
    expect(touristTaxForStay(stay({ children: 1 }), [budapest]).total).toBe(1600);
    // 2 adults + 1 child + 1 infant: base 30 000 → 1 200
    expect(touristTaxForStay(stay({ children: 1, infants: 1 }), [budapest]).total).toBe(1200);
  });

  it('taxes minors when the range says they are not exempt', () => {
    expect(touristTaxForStay(stay({ children: 1 }), [{ ...budapest, exemptMinors: false }]).total).toBe(2400);
  });

  it('inclusive percent: the fee already holds the tax', () => {
    // 104 000 × 4/104 = 4 000
    const result = touristTaxForStay(stay({ checkOut: '2026-07-03', accommodationFee: 104000 }), [{ ...budapest, inclusive: true }]);
    expect(result).toMatchObject({ total: 4000, includedInFee: 4000, addedToFee: 0, netAccommodationFee: 100000, guestPays: 104000 });
  });

  it('FIX: an amount per taxable guest per night', () => {
    const fix: TouristTaxRange = { ...budapest, type: 'FIX', value: 450 };
    expect(touristTaxForStay(stay(), [fix]).total).toBe(2700);
    expect(touristTaxForStay(stay({ children: 2 }), [fix]).total).toBe(2700);
    expect(touristTaxForStay(stay({ otherExemptAdults: 1 }), [fix]).total).toBe(1350);
    const inclusive = touristTaxForStay(stay(), [{ ...fix, inclusive: true }]);
    expect(inclusive).toMatchObject({ total: 2700, includedInFee: 2700, netAccommodationFee: 57300, guestPays: 60000 });
  });

  it('FIX in another currency converts with the EUR/HUF rate', () => {
    const eurFix: TouristTaxRange = { ...budapest, type: 'FIX', currency: 'EUR', value: 150 };
    // 2 adults × 2 nights × 1.50 EUR = 6 EUR = 2 400 HUF at 400
    expect(touristTaxForStay(stay({ checkOut: '2026-07-03' }), [eurFix], { eurHuf: 400 }).total).toBe(2400);
    expect(() => touristTaxForStay(stay(), [eurFix])).toThrowError(TouristTaxError);
    const hufFix: TouristTaxRange = { ...eurFix, currency: 'HUF', value: 500 };
    // EUR stay: 2 × 3 × 500 HUF = 3 000 HUF / 395.5 = 7.585 EUR → 759 cents
    expect(touristTaxForStay(stay({ currency: 'EUR', accommodationFee: 30000 }), [hufFix], { eurHuf: 395.5 }).total).toBe(759);
  });

  it('EUR fees round to the cent, half away from zero', () => {
    // 333.33 EUR × 4% = 13.3332 → 13.33
    expect(touristTaxForStay(stay({ adults: 1, currency: 'EUR', accommodationFee: 33333 }), [budapest]).total).toBe(1333);
    // inclusive: 333.33 × 4/104 = 12.8204 → 12.82
    expect(touristTaxForStay(stay({ adults: 1, currency: 'EUR', accommodationFee: 33333 }), [{ ...budapest, inclusive: true }]).total).toBe(1282);
    // 10% of 0.05 EUR = 0.5 cent → 1 cent
    expect(touristTaxForStay(stay({ adults: 1, checkOut: '2026-07-02', currency: 'EUR', accommodationFee: 5 }), [{ ...budapest, value: 10 }]).total).toBe(1);
  });

  it('splits a stay across validity dates', () => {
    const until2026: TouristTaxRange = { ...budapest, id: 'old', validTo: '2026-12-31' };
    const from2027: TouristTaxRange = { ...budapest, id: 'new', type: 'FIX', value: 500, validFrom: '2027-01-01' };
    // 3 nights, 1 adult, 30 000 HUF: 2 nights 4% of 20 000 = 800; 1 night × 500 = 500
    const result = touristTaxForStay(stay({ checkIn: '2026-12-30', checkOut: '2027-01-02', adults: 1, accommodationFee: 30000 }), [until2026, from2027]);
    expect(result.segments.map((s) => [s.rangeId, s.from, s.to, s.nights, s.amount])).toEqual([
      ['old', '2026-12-30', '2027-01-01', 2, 800],
      ['new', '2027-01-01', '2027-01-02', 1, 500],
    ]);
    expect(result.total).toBe(1300);
  });

  it('lists nights without a range and nights beyond max nights', () => {
    const capped: TouristTaxRange = { ...budapest, type: 'FIX', value: 500, maxNights: 2, validFrom: '2026-07-02' };
    const result = touristTaxForStay(stay({ adults: 1, checkOut: '2026-07-06' }), [capped]);
    // night 1 (07-01) has no range; nights 2 (index 1) is taxed; from index 2 on the cap applies
    expect(result.total).toBe(500);
    expect(result.untaxedNights).toEqual([
      { date: '2026-07-01', reason: 'noRange' },
      { date: '2026-07-03', reason: 'maxNights' },
      { date: '2026-07-04', reason: 'maxNights' },
      { date: '2026-07-05', reason: 'maxNights' },
    ]);
  });

  it('charges nothing when all guests are exempt', () => {
    const result = touristTaxForStay(stay({ adults: 0, children: 2 }), [budapest]);
    expect(result.total).toBe(0);
    expect(result.untaxedNights.every((n) => n.reason === 'noTaxableGuests')).toBe(true);
  });

  it('picks the range that started most recently when ranges overlap', () => {
    const open: TouristTaxRange = { ...budapest, id: 'open' };
    const newer: TouristTaxRange = { ...budapest, id: 'newer', validFrom: '2026-01-01' };
    expect(rangeForNight([open, newer], '2026-05-01')?.id).toBe('newer');
    expect(rangeForNight([open, newer], '2025-05-01')?.id).toBe('open');
    expect(rangeForNight([], '2025-05-01')).toBeNull();
  });

  it('rejects impossible stays with a clear error', () => {
    expect(() => touristTaxForStay(stay({ checkOut: '2026-07-01' }), [budapest])).toThrow('check-out must be a date after check-in');
    expect(() => touristTaxForStay(stay({ adults: -1 }), [budapest])).toThrowError(TouristTaxError);
    expect(() => touristTaxForStay(stay({ checkIn: '2026-02-30' }), [budapest])).toThrowError(TouristTaxError);
    expect(() => touristTaxForStay(stay({ otherExemptAdults: 3 }), [budapest])).toThrowError(TouristTaxError);
  });
});
