import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '../testing';
import type { UnitRow } from '../types';
import { UnitsTab } from './UnitsTab';

const unit: UnitRow = { id: 'u1', name: 'Apartment 1', external_name: null, category: 'STUDIO', single_beds: 1, double_beds: 1, temp_beds: 0, occ_adults: 3, occ_children: 1, occ_infants: 0, rates: [] };

describe('UnitsTab', () => {
  it('lists units with beds and occupancy', () => {
    renderWithI18n(<UnitsTab units={[unit]} onSave={vi.fn()} onDelete={vi.fn()} />);
    const row = screen.getByRole('row', { name: /Apartment 1/ });
    expect(row.textContent).toContain('Studio');
    expect(row.textContent).toContain('1 single, 1 double, 0 extra');
    expect(row.textContent).toContain('3 adults, 1 children, 0 infants');
  });

  it('validates, saves and shows the unit-name uniqueness message on the name', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue({ field: 'name', messageKey: 'accommodation:errors.unitNameUnique' });
    renderWithI18n(<UnitsTab units={[unit]} onSave={onSave} onDelete={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'New unit' }));
    await fill(user, 'Adults', '0');
    await user.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByText('Too low value')).toBeTruthy();
    expect(screen.getByText('Required', { selector: '#field-name-helper-text' })).toBeTruthy();
    await fill(user, 'Unit name', 'Apartment 1');
    await fill(user, 'Adults', '2');
    await user.click(screen.getByRole('button', { name: 'Save unit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Apartment 1', occAdults: 2, category: 'APARTMAN', doubleBeds: 1 }), null));
    expect(await screen.findByText('Unit name (per accommodation) must be unique')).toBeTruthy();
  });

  it('asks before deleting', async () => {
    const user = userEvent.setup({ delay: null });
    const onDelete = vi.fn().mockResolvedValue(undefined);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithI18n(<UnitsTab units={[unit]} onSave={vi.fn()} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete Apartment 1' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Apartment 1' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete Apartment 1?');
    expect(onDelete).toHaveBeenCalledWith(unit);
  });

  it('shows an existing unit’s tasks under its form, not under a new unit’s', async () => {
    const user = userEvent.setup({ delay: null });
    const extra = vi.fn((u: UnitRow) => <section aria-label="Tasks">{`Tasks of ${u.name}`}</section>);
    renderWithI18n(<UnitsTab units={[unit]} onSave={vi.fn()} onDelete={vi.fn()} renderUnitExtra={extra} />);
    await user.click(screen.getByRole('button', { name: 'New unit' }));
    expect(screen.queryByRole('region', { name: 'Tasks' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Apartment 1' }));
    expect((await screen.findByRole('region', { name: 'Tasks' })).textContent).toBe('Tasks of Apartment 1');
  });
});
