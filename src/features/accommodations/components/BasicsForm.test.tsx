import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basicsToForm } from '../mappers';
import { fill, renderWithI18n } from '../testing';
import { BasicsForm } from './BasicsForm';


const owners = [{ id: 'o1', name: 'Kovács Anna' }];
const labels = [{ id: 'l1', name: 'Premium', color: '#3f51b5' }];

function setup(onSave = vi.fn().mockResolvedValue(null), language: 'en' | 'hu' = 'en') {
  renderWithI18n(<BasicsForm initialValues={basicsToForm(null, [], { managerIds: [], cleanerIds: [] })} owners={owners} labels={labels} staff={[]} canConnectStaff={false} onSave={onSave} />, language);
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
    renderWithI18n(<BasicsForm initialValues={basicsToForm(null, [], { managerIds: [], cleanerIds: [] })} owners={[]} labels={labels} staff={[]} ownerAndTaxReadOnly canConnectStaff={false} onSave={onSave} />);
    expect((screen.getByLabelText('VAT rate (%)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Tax ID') as HTMLInputElement).disabled).toBe(true);
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
    const onSave = setup(vi.fn().mockResolvedValue({ field: 'name', messageKey: 'errors.accommodationNameUnique' }));
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
});
