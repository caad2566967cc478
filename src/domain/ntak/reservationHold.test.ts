import { describe, expect, it } from 'vitest';
import { reservationDue } from './reservationHold';

describe('NTAK reservation held while the guest count is unknown', () => {
  it('reports an ordinary booking on insert and on every change', () => {
    expect(reservationDue(null, { status: 'new', guests_unknown: false })).toBe(true);
    expect(reservationDue({ status: 'new', guests_unknown: false }, { status: 'modified', guests_unknown: false })).toBe(true);
    expect(reservationDue({ status: 'new', guests_unknown: false }, { status: 'cancelled', guests_unknown: false })).toBe(true);
    // Rows delivered by an older trigger payload without the column are ordinary bookings.
    expect(reservationDue(null, { status: 'new' })).toBe(true);
  });

  it('holds an imported booking while its guests are unknown: created, moved or cancelled', () => {
    expect(reservationDue(null, { status: 'new', guests_unknown: true })).toBe(false);
    expect(reservationDue({ status: 'new', guests_unknown: true }, { status: 'modified', guests_unknown: true })).toBe(false);
    expect(reservationDue({ status: 'new', guests_unknown: true }, { status: 'cancelled', guests_unknown: true })).toBe(false);
  });

  it('releases it when staff enter the guests, unless it was cancelled before (NTAK never had it)', () => {
    expect(reservationDue({ status: 'new', guests_unknown: true }, { status: 'new', guests_unknown: false })).toBe(true);
    expect(reservationDue({ status: 'modified', guests_unknown: true }, { status: 'modified', guests_unknown: false })).toBe(true);
    expect(reservationDue({ status: 'cancelled', guests_unknown: true }, { status: 'cancelled', guests_unknown: false })).toBe(false);
  });
});
