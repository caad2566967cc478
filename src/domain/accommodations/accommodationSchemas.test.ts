import { formMessage } from '@/lib/i18n/formMessage';
import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import { NTAK_ID, TAX_NUMBER, validateNtakHeader } from '../ntak/validate';
import { accommodationSchema, emailSchema, ntakSchema, rateSchema, taxRangeSchema, unitSchema } from './accommodationSchemas';

/** Field → first message of every failing field, the way the forms show them. */
async function errorsOf(schema: { validate: (value: unknown, options: { abortEarly: false }) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    // First message per field wins, as in Formik's yupToFormErrors.
    const byField: Record<string, unknown> = {};
    for (const e of (error as ValidationError).inner) if (e.path && !(e.path in byField)) byField[e.path] = e.message;
    return byField;
  }
}

const validRate = { name: 'Standard', unitId: 'u1', occupancy: 2, currency: 'EUR', price: 85, minStay: 1 };
const place = { city: 'Budapest', country: 'HU', zip: '1075', address: 'Kazinczy utca 12', vatRate: 18 };

describe('accommodation schemas', () => {
  it('require a name of at least 2 characters', async () => {
    expect(await errorsOf(accommodationSchema, { ...place, name: '' })).toEqual({ name: 'accommodation:validation.required' });
    expect(await errorsOf(accommodationSchema, { ...place, name: 'A' })).toEqual({ name: 'accommodation:validation.nameMin' });
    expect(await errorsOf(accommodationSchema, { ...place, name: 'x'.repeat(101) })).toEqual({ name: formMessage('accommodation:validation.maxChars', { count: 100 }) });
    expect(await errorsOf(accommodationSchema, { ...place, name: 'Kazinczy 12', vatRate: 101 })).toEqual({ vatRate: 'accommodation:validation.tooHigh' });
    expect(await errorsOf(accommodationSchema, { ...place, name: 'Kazinczy 12', vatRate: '', country: 'Hungary', zip: '' })).toEqual({
      vatRate: 'accommodation:validation.required',
      country: 'accommodation:validation.countryCode',
      zip: 'accommodation:validation.required',
    });
    expect(await accommodationSchema.validate({ ...place, name: 'Kazinczy 12', country: 'hu' })).toMatchObject({ country: 'HU', isHidden: false, labelIds: [] });
  });

  it('accept only the NTAK id and tax number the NTAK sender accepts (the same rule as the header check)', async () => {
    expect(await errorsOf(ntakSchema, { ntakId: 'MA26000001' })).toEqual({ ntakId: 'accommodation:validation.ntakId' });
    expect(await errorsOf(ntakSchema, { ntakId: 'MA-24001' })).toEqual({ ntakId: 'accommodation:validation.ntakId' });
    expect(await ntakSchema.validate({ ntakId: ' ma240012 ' })).toMatchObject({ ntakId: 'MA240012' });
    expect(await errorsOf(ntakSchema, { ntakId: '' })).toEqual({});
    // What the form lets through, the sender's header check lets through, and the other way round.
    for (const id of ['MA240012', 'AB12CD3', 'ab12cd34', 'AB12CD345', 'AB12 CD3']) {
      const header = { szallasAdatszolgaltatasiAzonosito: id, szallashelySzolgaltatoAdoszam: '12345678-1-42', szallasNev: 'x', szoftverVerzio: '1', uzenetId: 'u', uzenetKuldesIdeje: '2026-01-01T00:00:00Z' };
      const senderOk = !validateNtakHeader(header).some((i) => i.path.endsWith('szallasAdatszolgaltatasiAzonosito'));
      expect(senderOk, id).toBe(NTAK_ID.test(id));
      expect(Object.keys(await errorsOf(ntakSchema, { ntakId: id })).length === 0, id).toBe(NTAK_ID.test(id.trim().toUpperCase()));
    }
    expect(await errorsOf(accommodationSchema, { ...place, name: 'Kazinczy 12', taxId: '1234' })).toEqual({ taxId: 'accommodation:validation.taxNumber' });
    expect(await errorsOf(accommodationSchema, { ...place, name: 'Kazinczy 12', taxId: '12345678-1-42' })).toEqual({});
    expect(TAX_NUMBER.test('12345678-1-42')).toBe(true);
    // Abroad the tax number is the local one: not checked against the Hungarian format.
    expect(await errorsOf(accommodationSchema, { ...place, country: 'AT', name: 'Wien 1', taxId: 'ATU12345678' })).toEqual({});
  });

  it('check unit counts', async () => {
    const unit = { name: 'Apt 1', category: 'APARTMAN', singleBeds: 0, doubleBeds: 1, tempBeds: 0, occAdults: 2, occChildren: 0, occInfants: 0 };
    expect(await errorsOf(unitSchema, unit)).toEqual({});
    expect(await errorsOf(unitSchema, { ...unit, occAdults: 0, doubleBeds: 51, tempBeds: 1.5 })).toEqual({
      occAdults: 'accommodation:validation.tooLow',
      doubleBeds: 'accommodation:validation.tooHigh',
      tempBeds: 'accommodation:validation.wholeNumber',
    });
  });

  it('require a price only for a rate that is not derived, and max ≥ min', async () => {
    expect(await errorsOf(rateSchema, validRate)).toEqual({});
    expect(await errorsOf(rateSchema, { ...validRate, price: '' })).toEqual({ price: 'accommodation:validation.required' });
    expect(await errorsOf(rateSchema, { ...validRate, price: '', parentRateId: 'r1', derivedChangeValue: -10 })).toEqual({});
    expect(await errorsOf(rateSchema, { ...validRate, parentRateId: 'r1', derivedChangeValue: '' })).toEqual({ derivedChangeValue: 'accommodation:validation.required' });
    expect(await errorsOf(rateSchema, { ...validRate, parentRateId: 'r1', derivedChangeValue: -101 })).toEqual({ derivedChangeValue: 'accommodation:validation.tooLow' });
    expect(await errorsOf(rateSchema, { ...validRate, parentRateId: 'r1', derivedChangeType: 'FIX', derivedChangeValue: -2000 })).toEqual({});
    expect(await errorsOf(rateSchema, { ...validRate, price: -1, minPrice: 50, maxPrice: 40, minStay: 3, maxStay: 2 })).toEqual({
      price: 'accommodation:validation.tooLow',
      maxPrice: 'accommodation:validation.maxBelowMin',
      maxStay: 'accommodation:validation.maxBelowMin',
    });
    expect(await errorsOf(rateSchema, { ...validRate, currency: 'USD' })).toEqual({ currency: 'accommodation:validation.invalidChoice' });
  });

  it('need a positive modifier value only when a modifier direction is chosen', async () => {
    expect(await errorsOf(rateSchema, { ...validRate, modifierValue: '' })).toEqual({});
    expect(await errorsOf(rateSchema, { ...validRate, modifierDirection: 'increase', modifierValue: '' })).toEqual({ modifierValue: 'accommodation:validation.required' });
    expect(await errorsOf(rateSchema, { ...validRate, modifierDirection: 'decrease', modifierType: 'PERCENT', modifierValue: 150 })).toEqual({ modifierValue: 'accommodation:validation.tooHigh' });
    expect(await errorsOf(rateSchema, { ...validRate, modifierDirection: 'decrease', modifierType: 'FIX', modifierValue: 150 })).toEqual({});
  });

  it('limit percent tax ranges to 100 and order the dates', async () => {
    const range = { type: 'PERCENT', currency: 'HUF', value: 4, validFrom: '2026-01-01', validTo: '2026-12-31' };
    expect(await errorsOf(taxRangeSchema, range)).toEqual({});
    expect(await errorsOf(taxRangeSchema, { ...range, value: 120, validTo: '2025-12-31' })).toEqual({
      value: 'accommodation:validation.tooHigh',
      validTo: 'accommodation:validation.maxBelowMin',
    });
    expect(await errorsOf(taxRangeSchema, { ...range, type: 'FIX', value: 450 })).toEqual({});
    expect(await errorsOf(taxRangeSchema, { ...range, value: 0 })).toEqual({ value: 'accommodation:validation.tooLow' });
    expect(await errorsOf(taxRangeSchema, { ...range, validFrom: null })).toEqual({ validFrom: 'accommodation:validation.required' });
  });

  it('check emails', async () => {
    await expect(emailSchema.validate('not-an-email')).rejects.toMatchObject({ message: 'accommodation:validation.invalidEmail' });
    await expect(emailSchema.validate('owner@demo.staydesk.test')).resolves.toBe('owner@demo.staydesk.test');
  });
});
