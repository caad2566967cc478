import { describe, expect, it } from 'vitest';
import { bookingOrderBy, bookingWhere, EMPTY_BOOKING_FILTERS } from './listQuery';
import { bookingListStateOf, bookingListUrl, bookingUrl, newBookingPrefillOf, newBookingUrl, sectionOf } from './urls';

const UNIT = '40000000-0000-4000-a000-000000000101';

describe('bookings URLs', () => {
  it('round-trips the list state through the query string, defaults left out', () => {
    expect(bookingListUrl()).toBe('/bookings');
    const state = { filters: { ...EMPTY_BOOKING_FILTERS, search: 'Kovács', from: '2026-05-01', statuses: ['new' as const, 'cancelled' as const], channel: 'airbnb' as const, unitId: UNIT }, sort: { column: 'customer' as const, direction: 'asc' as const }, page: 2, pageSize: 50 };
    const url = bookingListUrl(state);
    expect(url).toBe(`/bookings?q=Kov%C3%A1cs&from=2026-05-01&status=new%2Ccancelled&channel=airbnb&unit=${UNIT}&sort=customer.asc&page=3&size=50`);
    const query = Object.fromEntries(new URLSearchParams(url.split('?')[1]));
    expect(bookingListStateOf(query)).toEqual(state);
  });

  it('drops malformed list state instead of sending it to the server', () => {
    const state = bookingListStateOf({ from: '2026-13-01', to: 'yesterday', status: 'new,bogus', channel: 'expedia', accommodation: "1' OR '1'='1", unit: 'x', sort: 'password.asc', page: '-3', size: '1000' });
    expect(state).toEqual({ filters: { ...EMPTY_BOOKING_FILTERS, statuses: ['new'] }, sort: { column: 'checkin', direction: 'desc' }, page: 0, pageSize: 25 });
  });

  it('builds and reads the new-booking prefill link the calendar uses', () => {
    expect(newBookingUrl({ unitId: UNIT, arrival: '2026-05-01', departure: '2026-05-04' })).toBe(`/bookings/new?unit=${UNIT}&arrival=2026-05-01&departure=2026-05-04`);
    expect(newBookingPrefillOf({ unit: UNIT, arrival: '2026-05-01', departure: '2026-05-04' })).toEqual({ unitId: UNIT, arrival: '2026-05-01', departure: '2026-05-04' });
    // A departure before the arrival, or a bad unit id, is dropped.
    expect(newBookingPrefillOf({ unit: 'abc', arrival: '2026-05-04', departure: '2026-05-01' })).toEqual({ unitId: '', arrival: '2026-05-04', departure: '' });
  });

  it('links editor sections, details being the default', () => {
    expect(bookingUrl('b1')).toBe('/bookings/b1');
    expect(bookingUrl('b1', 'history')).toBe('/bookings/b1?section=history');
    expect(sectionOf('history', ['details', 'history'])).toBe('history');
    expect(sectionOf('nope', ['details', 'history'])).toBe('details');
  });
});

describe('list filters as the engine where', () => {
  it('searches name, e-mail, OTA code and phone (also typed with spaces), escaping wildcards', () => {
    expect(bookingWhere({ ...EMPTY_BOOKING_FILTERS, search: ' 50%_off ' })).toEqual({
      _and: [{ _or: [{ customer_name: { _ilike: '%50\\%\\_off%' } }, { customer_email: { _ilike: '%50\\%\\_off%' } }, { ota_code: { _ilike: '%50\\%\\_off%' } }, { customer_phone: { _ilike: '%50\\%\\_off%' } }] }],
    });
    const phone = bookingWhere({ ...EMPTY_BOOKING_FILTERS, search: '+36 30 123' });
    expect(JSON.stringify(phone)).toContain('%3%6%3%0%1%2%3%');
  });

  it('turns dates into an overlap with the stay and keeps only known statuses and channels', () => {
    expect(bookingWhere({ ...EMPTY_BOOKING_FILTERS, from: '2026-05-01', to: '2026-05-31', statuses: ['cancelled'], channel: 'booking', accommodationId: 'a1', unitId: 'u1' })).toEqual({
      _and: [{ checkout: { _gt: '2026-05-01' } }, { checkin: { _lte: '2026-05-31' } }, { status: { _in: ['cancelled'] } }, { channel: { _eq: 'booking' } }, { accommodation_id: { _eq: 'a1' } }, { booked_units: { unit_id: { _eq: 'u1' } } }],
    });
    expect(bookingWhere(EMPTY_BOOKING_FILTERS)).toEqual({});
    expect(bookingOrderBy({ column: 'customer', direction: 'asc' })).toEqual([{ customer_name: 'asc' }, { id: 'asc' }]);
  });
});
