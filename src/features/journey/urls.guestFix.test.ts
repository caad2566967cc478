import { describe, expect, it } from 'vitest';
import { guestFixOf, guestFixUrl } from './urls';

const G = '0b8f6c55-7a1d-4c1e-8d5e-3b1d6a2f9e22';

describe('guest fix links (from /ntak and /viza to the refused field)', () => {
  it('opens the guests section with the check-in and the refused field', () => {
    expect(guestFixUrl('b 1', G, 'document_id')).toBe(`/bookings/b%201?section=guests&guest=${G}&field=document_id`);
    expect(guestFixUrl('b1')).toBe('/bookings/b1?section=guests');
    expect(guestFixOf({ guest: G, field: 'document_id' })).toEqual({ guestId: G, field: 'documentId' });
    expect(guestFixOf({ guest: G, field: 'zip' })).toEqual({ guestId: G, field: 'zip' });
  });
  it('drops what the form cannot point at', () => {
    expect(guestFixOf({ guest: G, field: 'ntak_guest_id' })).toEqual({ guestId: G, field: null });
    expect(guestFixOf({ guest: 'x" onfocus="1', field: 'zip' })).toEqual({ guestId: null, field: null });
    expect(guestFixOf({ guest: [G, 'x'], field: ['dob'] })).toEqual({ guestId: G, field: 'dob' });
    expect(guestFixOf({})).toEqual({ guestId: null, field: null });
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(guestFixOf({ guest: G, field }), field).toEqual({ guestId: G, field: null });
  });
});
