import { describe, expect, it } from 'vitest';
import { fixHref, ntakStateOf, ntakUrl, vizaStateOf, vizaUrl } from './urls';

const ACC = '3f2b8c1e-1111-4222-8333-444455556666';

describe('registry urls', () => {
  it('round-trips the dashboard state and drops what is not valid', () => {
    const state = { accommodation: ACC, status: 'error' as const, type: 'daily_close' as const, page: 2 };
    expect(ntakUrl(state)).toBe(`/ntak?accommodation=${ACC}&status=error&type=daily_close&page=3`);
    expect(ntakStateOf({ accommodation: ACC, status: 'error', type: 'daily_close', page: '3' })).toEqual(state);
    expect(ntakStateOf({ accommodation: 'x', status: 'nope', type: 'DROP', page: '-1' })).toEqual({ accommodation: null, status: null, type: null, page: 0 });
    expect(ntakUrl()).toBe('/ntak');
    expect(vizaUrl({ status: 'pending', page: 1, accommodationsPage: 0 })).toBe('/viza?status=pending&page=2');
    expect(vizaStateOf({ status: 'pending', page: '2', modules: '3' })).toEqual({ status: 'pending', page: 1, accommodationsPage: 2 });
  });

  it('links a field error to the screen that edits its row', () => {
    const G = '0b8f6c55-7a1d-4c1e-8d5e-3b1d6a2f9e22';
    const s = { accommodation_id: ACC, booking_id: 'b1' };
    expect(fixHref({ table: 'accommodations', id: ACC, column: 'ntak_id' }, s)).toBe(`/accommodations/${ACC}?tab=ntak`);
    expect(fixHref({ table: 'accommodations', id: ACC, column: 'zip' }, s)).toBe(`/accommodations/${ACC}`);
    expect(fixHref({ table: 'units', id: 'u1', column: 'category' }, s)).toBe(`/accommodations/${ACC}?tab=units`);
    expect(fixHref({ table: 'guest_checkins', id: G, column: 'zip' }, s)).toBe(`/bookings/b1?section=guests&guest=${G}&field=zip`);
    expect(fixHref({ table: 'booked_units', id: 'bu1', column: 'checkins' }, s)).toBe('/bookings/b1?section=guests');
    expect(fixHref({ table: 'bookings', id: 'b2' }, s)).toBe('/bookings/b2');
    expect(fixHref({ table: 'exchange_rates', id: '2026-01-01' }, s)).toBeNull();
    expect(fixHref(null, s)).toBeNull();
  });
});
