import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basicsToForm } from '../mappers';
import { fill, renderWithI18n } from '../testing';
import { BasicsForm, type BasicsFormProps } from './BasicsForm';
import type { SearchOptions } from '@/components/SearchPicker';

const labels = [{ id: 'l1', name: 'Premium', color: '#3f51b5' }];
const noSearch: SearchOptions = () => Promise.resolve({ options: [], more: false });
const searchProps = { searchOwners: noSearch, searchStaff: () => noSearch, knownNames: new Map<string, string>() };

function setup(onSave = vi.fn().mockResolvedValue(null), language: 'en' | 'hu' = 'en', props: Partial<BasicsFormProps> = {}) {
  renderWithI18n(<BasicsForm initialValues={basicsToForm(null, [], { managerIds: [], cleanerIds: [] })} labels={labels} {...searchProps} canConnectStaff={false} onSave={onSave} {...props} />, language);
  return onSave;
}

describe('BasicsForm', () => {
  it('shows the section 5 messages on the fields', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = setup();
    await fill(user, 'Address', 'Kazinczy utca 12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required', { selector: '#field-name-helper-text' })).toBeTruthy();
    expect(screen.getByText('Required', { selector: '#field-zip-helper-text' })).toBeTruthy();
    await fill(user, 'Name', 'A');
    await fill(user, 'VAT rate (%)', '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Too high value')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("lets a property manager edit the basics but not the owner, tax id or VAT rate", async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithI18n(<BasicsForm initialValues={basicsToForm(null, [], { managerIds: [], cleanerIds: [] })} labels={labels} {...searchProps} ownerAndTaxReadOnly canConnectStaff={false} onSave={onSave} />);
    expect((screen.getByLabelText('VAT rate (%)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Tax ID') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Owner') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(false);
    await fill(user, 'Name', 'Kazinczy 12');
    await fill(user, 'ZIP code', '1075');
    await fill(user, 'Address', 'Kazinczy utca 12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ name: 'Kazinczy 12', vatRate: 18, ownerId: null });
  });

  it('saves cast values and shows a uniqueness error from the database on the name', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = setup(vi.fn().mockResolvedValue({ field: 'name', messageKey: 'accommodation:errors.accommodationNameUnique' }));
    await fill(user, 'Name', 'Kazinczy 12');
    await fill(user, 'ZIP code', '1075');
    await fill(user, 'Address', 'Kazinczy utca 12');
    await fill(user, 'Country', 'hu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ name: 'Kazinczy 12', zip: '1075', country: 'HU', city: 'Budapest', vatRate: 18, isHidden: false, ownerId: null, labelIds: [] });
    expect(await screen.findByText('Accommodation name must be unique')).toBeTruthy();
  });

  it('speaks Hungarian', async () => {
    const user = userEvent.setup({ delay: null });
    setup(vi.fn(), 'hu');
    await user.click(screen.getByLabelText('Rejtett'));
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('Kötelező', { selector: '#field-name-helper-text' })).toBeTruthy();
  });

  it('searches owners on the server as one types and saves the chosen one', async () => {
    const user = userEvent.setup({ delay: null });
    const owners = [
      { id: 'o1', label: 'Kovács Anna' },
      { id: 'o2', label: 'Kovács Béla' },
    ];
    const searchOwners = vi.fn<SearchOptions>((text) => Promise.resolve({ options: owners.filter((o) => o.label.toLowerCase().includes(text.toLowerCase())), more: text === '' }));
    const onSave = vi.fn().mockResolvedValue(null);
    const initialValues = { ...basicsToForm(null, [], { managerIds: [], cleanerIds: [] }), ownerId: 'o1' };
    renderWithI18n(<BasicsForm initialValues={initialValues} labels={labels} {...searchProps} searchOwners={searchOwners} knownNames={new Map([['o1', 'Kovács Anna']])} canConnectStaff={false} onSave={onSave} />);
    const input = screen.getByLabelText('Owner') as HTMLInputElement;
    expect(input.value).toBe('Kovács Anna');
    await user.click(input);
    // An empty search asks the server for the first page and says there are more.
    await waitFor(() => expect(searchOwners).toHaveBeenCalledWith(''));
    expect(await screen.findByText('The first 2 matches are shown; type to narrow them')).toBeTruthy();
    // Typed key by key, the text stays (re-renders while searching do not reset it).
    await user.clear(input);
    await user.type(input, 'béla');
    expect(input.value).toBe('béla');
    await waitFor(() => expect(searchOwners).toHaveBeenLastCalledWith('béla'));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kovács Béla']));
    await user.click(screen.getByRole('option', { name: 'Kovács Béla' }));
    expect((screen.getByLabelText('Owner') as HTMLInputElement).value).toBe('Kovács Béla');
    await fill(user, 'Name', 'Kazinczy 12');
    await fill(user, 'ZIP code', '1075');
    await fill(user, 'Address', 'Kazinczy utca 12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ ownerId: 'o2' });
  });

  it('shows connected staff by name, searches property managers and cleaners separately, and says who deletes', async () => {
    const user = userEvent.setup({ delay: null });
    const searchStaff = vi.fn((kind: 'manager' | 'cleaner'): SearchOptions => (text) =>
      Promise.resolve({ options: kind === 'manager' ? [{ id: 'm2', label: `Mónika Manager${text ? ` (${text})` : ''}` }] : [{ id: 'c1', label: 'Cecília Cleaner' }], more: false }),
    );
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithI18n(
      <BasicsForm
        initialValues={basicsToForm(null, [], { managerIds: ['m1'], cleanerIds: ['gone'] })}
        labels={labels}
        searchOwners={noSearch}
        searchStaff={searchStaff}
        knownNames={new Map([['m1', 'Miklós Manager']])}
        showDeleteHint
        canConnectStaff
        onSave={onSave}
      />,
    );
    expect(screen.getByText('Miklós Manager')).toBeTruthy();
    expect(screen.getByText('Unknown person')).toBeTruthy();
    expect(screen.getByText('Only an administrator can delete an accommodation. To take it out of use, mark it hidden.')).toBeTruthy();
    await user.click(screen.getByLabelText('Property managers'));
    await user.click(await screen.findByRole('option', { name: 'Mónika Manager' }));
    expect(screen.getByText('Mónika Manager')).toBeTruthy();
    await user.click(screen.getByLabelText('Cleaners'));
    expect(await screen.findByRole('option', { name: 'Cecília Cleaner' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Mónika/ })).toBeNull();
    expect(searchStaff.mock.calls.map(([kind]) => kind).sort()).toEqual(['cleaner', 'manager']);
  });
});
