import { describe, expect, it } from 'vitest';
import { nextArrival, nextArrivalUpdates, type Arrival } from './nextArrival';

const arrivals: Arrival[] = [
  { unitId: 'u1', checkin: '2026-12-09', adults: 3, children: 0, arrivalAt: null },
  { unitId: 'u1', checkin: '2026-12-05', adults: 2, children: 1, arrivalAt: '2026-12-05T14:00:00Z' },
  { unitId: 'u2', checkin: '2026-12-05', adults: 1, children: 0, arrivalAt: null },
];

describe('nextArrival', () => {
  it('is the first arrival on the unit on or after the cleaning day (same-day turnover included)', () => {
    expect(nextArrival('u1', '2026-12-05', arrivals)).toEqual({ nextGuests: 3, nextCheckin: '2026-12-05', nextArrivalAt: '2026-12-05T14:00:00Z' });
    expect(nextArrival('u1', '2026-12-06', arrivals)).toEqual({ nextGuests: 3, nextCheckin: '2026-12-09', nextArrivalAt: null });
    expect(nextArrival('u1', '2026-12-10', arrivals)).toEqual({ nextGuests: null, nextCheckin: null, nextArrivalAt: null });
  });
});

describe('nextArrivalUpdates', () => {
  const cleanings = [
    { id: 'a', unitId: 'u1', date: '2026-12-04', nextGuests: 3, nextCheckin: '2026-12-05', nextArrivalAt: '2026-12-05T15:00:00+01:00' },
    { id: 'b', unitId: 'u1', date: '2026-12-07', nextGuests: 2, nextCheckin: '2026-12-08', nextArrivalAt: null },
    { id: 'c', unitId: 'u1', date: '2026-12-12', nextGuests: 2, nextCheckin: '2026-12-20', nextArrivalAt: null },
  ];
  it('lists only the cleanings whose next guests changed (times compared as instants)', () => {
    expect(nextArrivalUpdates(cleanings, arrivals)).toEqual([
      { id: 'b', nextGuests: 3, nextCheckin: '2026-12-09', nextArrivalAt: null },
      { id: 'c', nextGuests: null, nextCheckin: null, nextArrivalAt: null },
    ]);
  });
  it('does not clear a cleaning when the arrivals were loaded only in part', () => {
    expect(nextArrivalUpdates(cleanings, arrivals, true).map((u) => u.id)).toEqual(['b']);
  });
});
