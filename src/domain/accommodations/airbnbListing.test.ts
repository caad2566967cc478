import { describe, expect, it } from 'vitest';
import { parseAirbnbListing } from './airbnbListing';

describe('Airbnb listing input', () => {
  it('accepts a bare id or a listing url', () => {
    expect(parseAirbnbListing(' 53912345 ')).toEqual({ ok: true, id: '53912345', url: null });
    expect(parseAirbnbListing('https://www.airbnb.com/rooms/53912345?adults=2&check_in=2026-07-01')).toEqual({ ok: true, id: '53912345', url: 'https://www.airbnb.com/rooms/53912345' });
    expect(parseAirbnbListing('airbnb.hu/rooms/plus/778899')).toEqual({ ok: true, id: '778899', url: 'https://www.airbnb.com/rooms/778899' });
    expect(parseAirbnbListing('https://hu.airbnb.co.uk/rooms/1234567/')).toMatchObject({ ok: true, id: '1234567' });
  });

  it('rejects other urls and text', () => {
    expect(parseAirbnbListing('https://www.booking.com/rooms/53912345')).toEqual({ ok: false });
    expect(parseAirbnbListing('https://evil.example/airbnb.com/rooms/53912345')).toEqual({ ok: false });
    expect(parseAirbnbListing('my flat')).toEqual({ ok: false });
    expect(parseAirbnbListing('123')).toEqual({ ok: false });
  });
});
