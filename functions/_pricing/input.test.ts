import { describe, expect, it } from 'vitest';
import { localeOf, MAX_QUOTE_NIGHTS, parseQuoteInput } from './input';
import { reasonMessage } from './messages';

const good = { unitId: '40000000-0000-4000-A000-000000000101', rateId: '9b6c9a3e-58b5-4b1e-8d0a-3f6c3f1e2a10', checkIn: '2028-02-28', checkOut: '2028-03-01', adults: 2 };
const error = (body: unknown) => {
  const r = parseQuoteInput(body);
  return r.ok ? null : r.error;
};

describe('quote input', () => {
  it('normalises a valid body: lower-case ids, guests and fees defaulted, fees de-duplicated', () => {
    const fee = '5f0e6a1c-0000-4000-a000-00000000000a';
    expect(parseQuoteInput({ ...good, fees: [fee, fee.toUpperCase()], excludeBookingId: null })).toEqual({
      ok: true,
      input: { unitId: good.unitId.toLowerCase(), rateId: good.rateId, checkIn: '2028-02-28', checkOut: '2028-03-01', adults: 2, children: 0, infants: 0, fees: [fee], excludeBookingId: null, locale: 'en' },
    });
  });

  it('caps the stay at a year and a leap day', () => {
    expect(error({ ...good, checkIn: '2028-01-01', checkOut: '2029-01-01' })).toBeNull(); // 366 nights
    expect(MAX_QUOTE_NIGHTS).toBe(366);
    expect(error({ ...good, checkIn: '2028-01-01', checkOut: '2029-01-02' })).toMatchObject({ code: 'stay-too-long', field: 'checkOut' });
  });

  it.each<[unknown, string, string | undefined]>([
    [undefined, 'invalid-body', undefined],
    ['text', 'invalid-body', undefined],
    [[good], 'invalid-body', undefined],
    [{ ...good, extra: 1 }, 'unknown-field', 'extra'],
    [{ ...good, unitId: undefined }, 'invalid-uuid', 'unitId'],
    [{ ...good, rateId: `${good.rateId}0` }, 'invalid-uuid', 'rateId'],
    [{ ...good, excludeBookingId: 7 }, 'invalid-uuid', 'excludeBookingId'],
    [{ ...good, checkIn: '2027-02-29' }, 'invalid-date', 'checkIn'],
    [{ ...good, checkIn: '2028-2-28' }, 'invalid-date', 'checkIn'],
    [{ ...good, checkOut: '2101-01-01' }, 'invalid-date', 'checkOut'],
    [{ ...good, checkOut: '2028-02-27' }, 'dates-out-of-order', 'checkOut'],
    [{ ...good, adults: undefined }, 'invalid-guests', 'adults'],
    [{ ...good, adults: 1.5 }, 'invalid-guests', 'adults'],
    [{ ...good, children: -1 }, 'invalid-guests', 'children'],
    [{ ...good, infants: 51 }, 'invalid-guests', 'infants'],
    [{ ...good, fees: ['x'] }, 'invalid-uuid', 'fees'],
    [{ ...good, fees: Array.from({ length: 21 }, () => good.rateId) }, 'too-many-fees', 'fees'],
    [{ ...good, locale: 'HU' }, 'invalid-locale', 'locale'],
  ])('%j → %s', (body, code, field) => {
    const e = error(body);
    expect(e?.code).toBe(code);
    expect(e?.field).toBe(field);
    expect(e?.message).toEqual(expect.any(String));
  });

  it('takes the locale from the body, else from Accept-Language, else English', () => {
    expect(localeOf('hu', 'en')).toBe('hu');
    expect(localeOf(undefined, 'de-DE,hu;q=0.8,en;q=0.5')).toBe('hu');
    expect(localeOf(undefined, 'de')).toBe('en');
    expect(localeOf(undefined, undefined)).toBe('en');
    expect(localeOf('de', 'hu')).toBeNull();
  });
});

describe('reason messages', () => {
  it('interpolate and pick plural forms per language', () => {
    expect(reasonMessage({ code: 'maxStay', params: { maxStay: 1, nights: 2 } }, 'en')).toBe('Stays arriving on this day can be at most 1 night');
    expect(reasonMessage({ code: 'maxStay', params: { maxStay: 14, nights: 20 } }, 'en')).toBe('Stays arriving on this day can be at most 14 nights');
    expect(reasonMessage({ code: 'maxStay', params: { maxStay: 14, nights: 20 } }, 'hu')).toBe('Erre az érkezési napra legfeljebb 14 éjszakát lehet foglalni');
    expect(reasonMessage({ code: 'closedToArrival', params: { date: '2026-12-31' } }, 'hu')).toBe('2026-12-31 napon nem lehet érkezni');
    expect(reasonMessage({ code: 'closed', params: { dates: ['2027-02-08', '2027-02-09'] } }, 'en')).toBe('The unit cannot be booked on 2027-02-08, 2027-02-09');
    expect(reasonMessage({ code: 'capacity', params: { adults: 2, children: 0, infants: 0 } }, 'en')).toBe('The unit reached its maximum capacity');
  });
});
