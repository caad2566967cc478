import { describe, expect, it } from 'vitest';
import { linkRefusalKey, planThreadLink } from './threadLink';

const booking = { id: 'b1', accommodationId: 'a1', threadIds: [] as string[] };

describe('planThreadLink', () => {
  it('links an unlinked thread to a booking without a conversation, with the booking’s accommodation', () => {
    expect(planThreadLink('t1', { bookingIds: [], accommodationIds: [] }, booking)).toEqual({ ok: true, accommodationIds: ['a1'] });
  });

  it('does not link the accommodation twice when the thread already has it', () => {
    expect(planThreadLink('t1', { bookingIds: [], accommodationIds: ['a1', 'a2'] }, booking)).toEqual({ ok: true, accommodationIds: [] });
  });

  it('refuses a thread that already belongs to a booking (one booking per thread)', () => {
    expect(planThreadLink('t1', { bookingIds: ['b0'], accommodationIds: ['a1'] }, booking)).toEqual({ ok: false, reason: 'threadHasBooking' });
  });

  it('refuses a booking that already has another conversation (one thread per booking)', () => {
    expect(planThreadLink('t1', { bookingIds: [], accommodationIds: [] }, { ...booking, threadIds: ['t9'] })).toEqual({ ok: false, reason: 'bookingHasThread' });
  });

  it('names the translated message of each refusal', () => {
    expect(linkRefusalKey('threadHasBooking')).toBe('inbox:link.errors.threadHasBooking');
    expect(linkRefusalKey('bookingHasThread')).toBe('inbox:link.errors.bookingHasThread');
  });
});
