import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, renderWithI18n } from '../testing';
import type { TaxRangeRow } from '../types';
import { TaxesTab } from './TaxesTab';

const budapest: TaxRangeRow = { id: 't1', type: 'PERCENT', currency: 'HUF', inclusive: false, value: '4', valid_from: '2026-01-01', valid_to: null, max_nights: null, issue_on_cleaning: false };

describe('TaxesTab', () => {
  it('previews the tax of a sample stay with the domain rules', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<TaxesTab ranges={[budapest]} today="2026-07-01" onSave={vi.fn()} onDelete={vi.fn()} />);
    const result = () => screen.getByTestId('tax-preview-result').textContent?.replace(/\u00a0/g, ' ');
    expect(result()).toContain('Tourist tax: HUF 2,400');
    expect(result()).toContain('Guest pays: HUF 62,400');
    await fill(user, 'Children (under 18)', '1');
    expect(result()).toContain('Tourist tax: HUF 1,600');
    await fill(user, 'Check-in', '2025-12-30');
    await fill(user, 'Check-out', '2026-01-02');
    expect(result()).toContain('2025-12-30: no tax range covers this night');
    await fill(user, 'Check-out', '2025-12-01');
    expect(screen.getByRole('alert').textContent).toContain('Enter a check-out after the check-in');
  });

  it('validates a range and saves it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithI18n(<TaxesTab ranges={[]} today="2026-07-01" onSave={onSave} onDelete={vi.fn()} />);
    expect(screen.getByText('No tourist-tax ranges yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New tax range' }));
    await fill(user, 'Value', '120');
    await user.click(screen.getByRole('button', { name: 'Save tax range' }));
    expect(await screen.findByText('Too high value')).toBeTruthy();
    expect(screen.getByText('Required', { selector: '#field-validFrom-helper-text' })).toBeTruthy();
    await fill(user, 'Value', '4');
    await fill(user, 'Valid from', '2026-01-01');
    await user.click(screen.getByLabelText('Included in the accommodation fee'));
    await user.click(screen.getByRole('button', { name: 'Save tax range' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ type: 'PERCENT', value: 4, currency: 'HUF', inclusive: true, validFrom: '2026-01-01', validTo: null, maxNights: null }), null));
  });
});
