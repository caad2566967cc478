import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rateRow } from '@/test/rateRows';
import { fill, renderWithI18n } from '../testing';
import type { RateRow, UnitRow } from '../types';
import { RatesTab } from './RatesTab';

const rate = (over: Partial<RateRow>): RateRow => rateRow(over);
const unit: UnitRow = {
  id: 'u1', name: 'Apartment 1', external_name: null, category: 'APARTMAN', single_beds: 0, double_beds: 1, temp_beds: 0, occ_adults: 2, occ_children: 0, occ_infants: 0,
  rates: [rate({}), rate({ id: 'r2', name: 'Non-refundable', price: '0', parent_rate_id: 'r1', derived_change_type: 'PERCENT', derived_change_value: '-10', min_price: '95' }), rate({ id: 'r3', name: 'Family', occupancy: 4, price: '140', modifier_direction: 'increase', modifier_type: 'FIX', modifier_value: '15' })],
};

describe('RatesTab', () => {
  it('shows each rate with its effective price, derived rates following their parent', () => {
    renderWithI18n(<RatesTab units={[unit]} onSave={vi.fn()} onDelete={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Rates of Apartment 1' });
    // 100 -10% = 90, clamped to the 95 minimum; Family 140 + 15.
    expect(within(table).getByRole('row', { name: /Non-refundable/ }).textContent).toContain('€95.00');
    expect(within(table).getByRole('row', { name: /Non-refundable/ }).textContent).toContain('Standard -10%');
    expect(within(table).getByRole('row', { name: /Family/ }).textContent).toContain('€155.00');
  });

  it('makes a derived rate without a price and reports the uniqueness errors on their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValueOnce({ field: 'occupancy', messageKey: 'rate:errors.occupancyCurrencyUnique' }).mockResolvedValueOnce(null);
    renderWithI18n(<RatesTab units={[unit]} onSave={onSave} onDelete={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    await fill(user, 'Rate name', 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Required', { selector: '#field-price-helper-text' })).toBeTruthy();
    await fill(user, 'Price per night', '80');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Cannot have more than one occupancy/currency pairs')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Derived from' }));
    // A rate cannot derive from a rate derived from itself; new rates may use any rate.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Not derived (own price)', 'Standard (2, EUR)', 'Non-refundable (2, EUR)', 'Family (4, EUR)']);
    await user.click(screen.getByRole('option', { name: 'Standard (2, EUR)' }));
    expect(screen.queryByLabelText('Price per night')).toBeNull();
    await fill(user, 'Change', '-15');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]).toEqual([expect.objectContaining({ name: 'Weekly', parentRateId: 'r1', derivedChangeType: 'PERCENT', derivedChangeValue: -15, inheritClosedToArrival: true }), null]);
  });

  it('offers a derived rate only parents that make no cycle', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<RatesTab units={[unit]} onSave={vi.fn()} onDelete={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Edit Standard' }));
    await user.click(screen.getByRole('combobox', { name: 'Derived from' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Not derived (own price)', 'Family (4, EUR)']);
  });
});
