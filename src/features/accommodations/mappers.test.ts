import { describe, expect, it } from 'vitest';
import { changedColumns, newAccommodationColumns, ratesToDomain, rateToForm, rateToObject, withoutOwnerAndTax } from './mappers';
import { rateRow } from '@/test/rateRows';
import type { RateRow } from './types';

const base: RateRow = rateRow();

describe('mappers', () => {
  it('send only changed columns, comparing numbers by value', () => {
    expect(changedColumns({ name: 'A', vat_rate: '18', tax_id: null }, { name: 'A', vat_rate: 18, tax_id: null })).toEqual({});
    expect(changedColumns({ name: 'A', vat_rate: 18, tax_id: null }, { name: 'B', vat_rate: 27, tax_id: 'x' })).toEqual({ name: 'B', vat_rate: 27, tax_id: 'x' });
    expect(changedColumns({ external_name: null }, { external_name: '' })).toEqual({ external_name: '' });
  });

  it('leave database defaults out of a new accommodation', () => {
    const values = { name: 'Dob 8', externalName: ' ', ownerId: null, ownerName: '', taxId: '', vatRate: 18, city: 'Budapest', country: 'HU', zip: '1072', address: 'Dob utca 8.', isHidden: false, labelIds: [], managerIds: [], cleanerIds: [] };
    expect(newAccommodationColumns(values)).toEqual({ name: 'Dob 8', external_name: null, owner_id: null, owner_name: null, tax_id: null, vat_rate: 18, zip: '1072', address: 'Dob utca 8.' });
    expect(newAccommodationColumns({ ...values, country: 'AT', city: 'Wien' })).toMatchObject({ country: 'AT', city: 'Wien' });
    // A property manager's insert leaves the owner and money columns to office staff.
    expect(withoutOwnerAndTax(newAccommodationColumns(values))).toEqual({ name: 'Dob 8', external_name: null, owner_name: null, zip: '1072', address: 'Dob utca 8.' });
  });

  it('store a derived rate without its own price and modifiers only when chosen', () => {
    const form = { ...rateToForm(null, 'u1'), name: 'Non-ref', price: null, parentRateId: 'r1', derivedChangeValue: -10, minStay: 1, occupancy: 2, minPrice: null, maxPrice: null, maxStay: null, modifierValue: null };
    const object = rateToObject(form as Parameters<typeof rateToObject>[0], null);
    expect(object).toMatchObject({ price: 0, parent_rate_id: 'r1', derived_change_type: 'PERCENT', derived_change_value: -10, modifier_direction: null, modifier_type: null, inherit_closed_to_arrival: true });
  });

  it('turn database rates into pricing input in minor units', () => {
    const rates = ratesToDomain([
      { ...base, price: '85.5', min_price: '80', modifier_direction: 'increase', modifier_type: 'FIX', modifier_value: '2.25' },
      { ...base, id: 'r2', price: '0', parent_rate_id: 'r1', derived_change_type: 'FIX', derived_change_value: '-5', inherit_closed_to_arrival: true },
    ]);
    expect(rates.get('r1')).toMatchObject({ price: 8550, minPrice: 8000, modifiers: [{ direction: 'increase', kind: 'FIX', value: 225 }], derivation: null });
    expect(rates.get('r2')?.derivation).toEqual({ parentId: 'r1', kind: 'FIX', change: -500, inheritClosedToArrival: true, inheritClosedToDeparture: false });
  });
});
