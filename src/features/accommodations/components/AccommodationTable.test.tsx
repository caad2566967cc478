import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing';
import type { AccommodationListRow } from '../types';
import { AccommodationFiltersBar } from './AccommodationFiltersBar';
import { AccommodationTable, ColumnChooser } from './AccommodationTable';
import { OpenAccommodationsStrip } from './OpenAccommodationsStrip';
import { EMPTY_FILTERS } from '../listQuery';

const rows: AccommodationListRow[] = Array.from({ length: 3 }, (_, i) => ({ id: `a${i}`, name: `Flat ${i}`, external_name: null, city: 'Budapest', zip: '1052', address: `Váci utca ${i}`, country: 'HU', is_hidden: i === 2, owner_name: 'Kovács Anna', ntak_id: null, units: [{ id: 'u' }] }));

describe('accommodation table', () => {
  it('shows the chosen columns, links rows to the editor and sorts', async () => {
    const user = userEvent.setup({ delay: null });
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    renderWithI18n(
      <AccommodationTable rows={rows} labelsById={new Map([['a0', [{ id: 'l', name: 'Premium', color: '#3f51b5' }]]])} total={120} loading={false} columns={['name', 'owner', 'labels', 'units']} sort={{ column: 'name', direction: 'asc' }} page={0} pageSize={25} onColumnsChange={vi.fn()} onSortChange={onSortChange} onPageChange={onPageChange} onPageSizeChange={vi.fn()} editorHref={(id) => `/accommodations/${id}`} />,
    );
    const table = screen.getByRole('table', { name: 'Accommodations' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Owner', 'Labels', 'Units']);
    expect(within(table).getByRole('link', { name: 'Flat 1' }).getAttribute('href')).toBe('/accommodations/a1');
    expect(within(table).getByText('Premium')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'name', direction: 'desc' });
    await user.click(within(table).getByRole('button', { name: 'Owner' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'owner', direction: 'asc' });
    expect(screen.getByText('1–25 of 120')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('lets the user choose columns; the name always stays', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithI18n(<ColumnChooser columns={['name', 'city']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByLabelText('NTAK ID'));
    expect(onChange).toHaveBeenLastCalledWith(['name', 'city', 'ntakId']);
    await user.click(screen.getByLabelText('City'));
    expect(onChange).toHaveBeenLastCalledWith(['name']);
    expect(screen.getByRole('menuitem', { name: 'Name' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('filters by label chips and hidden state', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithI18n(<AccommodationFiltersBar filters={EMPTY_FILTERS} cities={['Budapest']} owners={[]} labels={[{ id: 'l1', name: 'Premium', color: '#000000' }]} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Premium' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, labelIds: ['l1'] });
    await user.click(screen.getByRole('combobox', { name: 'Visibility' }));
    await user.click(screen.getByRole('option', { name: 'Hidden only' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, hidden: 'hidden' });
  });

  it('shows the open editors against the limit and closes one', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const onSelect = vi.fn();
    renderWithI18n(<OpenAccommodationsStrip open={[{ id: 'a', name: 'Váci Loft' }, { id: 'b', name: 'Ráday Corner' }]} activeId="a" onSelect={onSelect} onClose={onClose} />);
    expect(screen.getByRole('navigation', { name: 'Open accommodations' }).textContent).toContain('2 of 15 open');
    await user.click(screen.getByRole('button', { name: 'Close Ráday Corner' }));
    expect(onClose).toHaveBeenCalledWith('b');
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(screen.getByText('Ráday Corner'));
    expect(onSelect).toHaveBeenCalledWith('b');
  });
});
