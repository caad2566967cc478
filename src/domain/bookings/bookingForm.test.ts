import { describe, expect, it } from 'vitest';
import { bookingSchema, capacityProblem, emptyBookingValues, guestsStillUnknown, guestTotals, nightsBetween } from './bookingForm';

const capacities = new Map([['u1', { occAdults: 2, occChildren: 1, occInfants: 1 }]]);
const valid = () => ({ ...emptyBookingValues({ unitId: 'u1', arrival: '2026-05-01', departure: '2026-05-04' }), customerName: 'Kovács Anna' });
const errorsOf = async (values: unknown) => {
  try {
    await bookingSchema(capacities).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
};

describe('booking rules', () => {
  it('counts nights between dates', () => {
    expect(nightsBetween('2026-05-01', '2026-05-04')).toBe(3);
    // Across the DST change in Budapest (29 March 2026) a night is still one night.
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-05-04', '2026-05-01')).toBe(0);
    expect(nightsBetween('', '2026-05-01')).toBe(0);
  });

  it('sums guests over booked units and finds the count over capacity', () => {
    expect(guestTotals([{ adults: 2, children: 1, infants: 0 }, { adults: 1, children: 0, infants: 1 }])).toEqual({ adults: 3, children: 1, infants: 1 });
    const cap = { occAdults: 2, occChildren: 1, occInfants: 0 };
    expect(capacityProblem({ adults: 2, children: 1, infants: 0 }, cap)).toBeNull();
    expect(capacityProblem({ adults: 3, children: 0, infants: 0 }, cap)).toBe('adults');
    expect(capacityProblem({ adults: 1, children: 2, infants: 0 }, cap)).toBe('children');
    expect(capacityProblem({ adults: 1, children: 0, infants: 1 }, cap)).toBe('infants');
  });
});

describe('the booking form schema', () => {
  it('accepts a complete booking', async () => {
    expect(await errorsOf(valid())).toEqual({});
  });

  it('names each wrong field with its message', async () => {
    const v = valid();
    expect(
      await errorsOf({ ...v, customerName: 'A', customerEmail: 'nope', customerPhone: 'call me', customerCountry: 'Hungary', checkout: '2026-05-01', accommodationFee: -1, cleaningFee: 'x' }),
    ).toEqual({
      customerName: 'booking:validation.nameMin',
      customerEmail: 'booking:validation.email',
      customerPhone: 'booking:validation.phone',
      customerCountry: 'booking:validation.country',
      checkout: 'booking:validation.checkoutAfterCheckin',
      accommodationFee: 'booking:validation.notNegative',
      cleaningFee: 'booking:validation.number',
    });
    expect(await errorsOf({ ...v, checkin: '2026-02-30' })).toMatchObject({ checkin: 'booking:validation.date' });
  });

  it('takes only a country code NTAK knows (upper-cased), or none', async () => {
    const v = valid();
    for (const code of ['XX', 'UK', 'EU', 'other', 'H', 'HUN', 'G'.repeat(10_000)]) {
      expect(await errorsOf({ ...v, customerCountry: code }), code.slice(0, 5)).toEqual({ customerCountry: 'booking:validation.country' });
    }
    for (const code of ['GB', 'gb', ' xk ', '']) expect(await errorsOf({ ...v, customerCountry: code }), code).toEqual({});
  });

  it("puts the spec's capacity message on the guest count over the unit's capacity", async () => {
    const v = valid();
    expect(await errorsOf({ ...v, units: [{ ...v.units[0], adults: 3 }] })).toEqual({ 'units[0].adults': 'booking:errors.capacity' });
    expect(await errorsOf({ ...v, units: [{ ...v.units[0], children: 2 }] })).toEqual({ 'units[0].children': 'booking:errors.capacity' });
    expect(await errorsOf({ ...v, units: [{ ...v.units[0], adults: 0, children: 0 }] })).toEqual({ 'units[0].adults': 'booking:validation.guestsRequired' });
  });

  it('needs at least one unit, each once', async () => {
    const v = valid();
    expect(await errorsOf({ ...v, units: [] })).toEqual({ units: 'booking:validation.unitRequired' });
    expect(await errorsOf({ ...v, units: [v.units[0], { ...v.units[0] }] })).toEqual({ units: 'booking:validation.unitTwice' });
    expect(await errorsOf({ ...v, units: [{ ...v.units[0], unitId: '' }] })).toEqual({ 'units[0].unitId': 'booking:validation.unitRequired' });
  });
});

describe('an imported booking without a guest count', () => {
  const imported = { ...valid(), units: [{ ...valid().units[0], id: 'bu1' }], guestsUnknown: true };
  it('stays unknown when staff save only other fields', () => {
    expect(guestsStillUnknown(imported, { ...imported, customerName: 'Nagy Béla', notes: 'late' })).toBe(true);
  });
  it("is known once a booked unit's guests change or staff confirm the count", () => {
    expect(guestsStillUnknown(imported, { ...imported, units: [{ ...imported.units[0], adults: 2 }] })).toBe(false);
    expect(guestsStillUnknown(imported, { ...imported, units: [{ ...imported.units[0], children: 1 }] })).toBe(false);
    expect(guestsStillUnknown(imported, { ...imported, guestsUnknown: false })).toBe(false);
  });
  it('never marks an ordinary booking unknown', () => {
    expect(guestsStillUnknown(valid(), valid())).toBe(false);
  });
});
