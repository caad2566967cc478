import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '../testing';
import type { ExpenseFactoryRow, UnitRow } from '../types';
import { ContractFiles } from './ContractFiles';
import { FeesTab } from './FeesTab';
import { NtakTab } from './NtakTab';

const unit: UnitRow = { id: 'u1', name: 'Apartment 1', external_name: null, category: 'APARTMAN', single_beds: 0, double_beds: 1, temp_beds: 0, occ_adults: 2, occ_children: 0, occ_infants: 0, rates: [] };
const fees: ExpenseFactoryRow[] = [{ id: 'f1', name: 'Laundry', unit_id: 'u1', type: 'FIX', minimum: '0', value: '3500', currency: 'HUF', expense_type: 'laundry' }];

describe('FeesTab', () => {
  it('lists fees per unit and saves a percent fee with its limits checked', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithI18n(<FeesTab units={[unit]} fees={fees} onSave={onSave} onDelete={vi.fn()} />);
    expect(screen.getByRole('row', { name: /Laundry/ }).textContent).toContain('3500 HUF');
    await user.click(screen.getByRole('button', { name: 'New fee' }));
    await fill(user, 'Fee name', 'Commission');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Percent' }));
    await fill(user, 'Value', '150');
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    expect(await screen.findByText('Too high value')).toBeTruthy();
    await fill(user, 'Value', '15');
    await user.click(screen.getByRole('combobox', { name: 'Expense type' }));
    await user.click(screen.getByRole('option', { name: 'Commission' }));
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Commission', unitId: 'u1', type: 'PERCENT', value: 15, minimum: 0, currency: 'HUF', expenseType: 'commission' }, null));
  });
});

describe('NtakTab', () => {
  it('edits the NTAK fields and shows which certificates are stored', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithI18n(<NtakTab initialValues={{ ntakId: '', ntakName: '', skipNtak: false }} certificates={{ ntakCert: true, signingCert: false, authCert: false }} onSave={onSave} />);
    expect(screen.getAllByText('Stored')).toHaveLength(1);
    expect(screen.getAllByText('Not stored yet')).toHaveLength(2);
    // An id the NTAK sender would refuse (10 characters) is stopped in the form with the rule's message.
    await fill(user, 'NTAK ID', 'MA26000001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The NTAK id is 8 capital letters or digits, as NTAK issued it (for example MA240012)')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    // Typed in lower case it is saved as NTAK writes it.
    await user.clear(screen.getByLabelText('NTAK ID'));
    await fill(user, 'NTAK ID', ' ma260001 ');
    await user.click(screen.getByLabelText('Do not report to NTAK'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ntakId: 'MA260001', ntakName: '', skipNtak: true }));
  });
});

describe('ContractFiles', () => {
  it('uploads and downloads each contract', async () => {
    const user = userEvent.setup({ delay: null });
    const onUpload = vi.fn().mockResolvedValue(undefined);
    const onDownload = vi.fn().mockResolvedValue(undefined);
    renderWithI18n(<ContractFiles files={{ pm: 'file-1', manager: null }} onUpload={onUpload} onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith('file-1');
    expect(screen.getByText('No file yet')).toBeTruthy();
    const pdf = new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Upload Manager contract'), { target: { files: [pdf] } });
    expect(onUpload).toHaveBeenCalledWith('manager', pdf);
  });
});
