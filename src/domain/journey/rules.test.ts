import { describe, expect, it } from 'vitest';
import { isJourneyOpen, journeyLastDay, journeyOpensOn, journeyPhase, mapLinks, transferPickup } from './rules';

describe('journey window', () => {
  const stay = { checkin: '2026-12-10', checkout: '2026-12-14' };
  it('opens 5 days before check-in', () => {
    expect(journeyOpensOn('2026-12-10')).toBe('2026-12-05');
    expect(journeyOpensOn('2027-03-02')).toBe('2027-02-25');
    expect(isJourneyOpen(stay, '2026-12-04')).toBe(false);
    expect(isJourneyOpen(stay, '2026-12-05')).toBe(true);
    expect(isJourneyOpen(stay, '2026-12-12')).toBe(true);
  });

  it('closes 3 days after check-out (the last open day is check-out + 3), across month and year ends', () => {
    expect(journeyLastDay('2026-12-14')).toBe('2026-12-17');
    expect(journeyLastDay('2026-12-30')).toBe('2027-01-02');
    expect(journeyLastDay('2028-02-27')).toBe('2028-03-01');
    expect(journeyPhase(stay, '2026-12-04')).toBe('not-yet');
    expect(journeyPhase(stay, '2026-12-14')).toBe('open');
    expect(journeyPhase(stay, '2026-12-17')).toBe('open');
    expect(journeyPhase(stay, '2026-12-18')).toBe('closed');
    expect(journeyPhase({ checkin: '2026-01-20', checkout: '2026-01-27' }, '2026-11-25')).toBe('closed');
    expect(isJourneyOpen(stay, '2026-12-18')).toBe(false);
  });
});

describe('transfer pickup', () => {
  it('picks up at landing for arrivals', () => {
    expect(transferPickup('arrival', '2026-12-10', '14:35')).toEqual({ date: '2026-12-10', time: '14:35' });
  });

  it('picks up 3 hours before a departing flight, the day before for early flights', () => {
    expect(transferPickup('departure', '2026-12-14', '13:05')).toEqual({ date: '2026-12-14', time: '10:05' });
    expect(transferPickup('departure', '2026-12-14', '03:00')).toEqual({ date: '2026-12-14', time: '00:00' });
    expect(transferPickup('departure', '2026-12-14', '01:30')).toEqual({ date: '2026-12-13', time: '22:30' });
    expect(transferPickup('departure', '2027-01-01', '00:10')).toEqual({ date: '2026-12-31', time: '21:10' });
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => transferPickup('departure', '2026-12-14', '25:00')).toThrow();
    expect(() => transferPickup('departure', '2026-12-14', '9:00')).toThrow();
  });
});

describe('map links', () => {
  it('encodes the address for a search and for directions', () => {
    expect(mapLinks({ address: 'Váci utca 34.', zip: '1052', city: 'Budapest', country: 'HU' })).toEqual({
      map: 'https://www.google.com/maps/search/?api=1&query=V%C3%A1ci%20utca%2034.%2C%201052%20Budapest%2C%20HU',
      directions: 'https://www.google.com/maps/dir/?api=1&destination=V%C3%A1ci%20utca%2034.%2C%201052%20Budapest%2C%20HU',
    });
  });
});
